export interface SeedGuide {
  slug: string
  title: string
  /** The meta description and the guide's teaser: 50 to 160 characters. */
  summary: string
  /** Markdown, with the embeds of the page renderer (::product, ::products, ::compare, :price, :buy). */
  body: string
  /** When the guide was last checked against the catalogue, YYYY-MM-DD. */
  lastReviewed: string
}

/**
 * The demo guides. Their embeds name seeded products (db/seed-data/products.json), categories (categories.ts) and the
 * comparison table golden-age-sleeves (comparisons.ts), so a seeded site shows every kind of embed working.
 */
export const guides = [
  {
    slug: 'bag-and-board-a-golden-age-run',
    title: 'How to bag and board a Golden Age run',
    summary:
      'Sizes, buffered boards, Mylar or polypropylene, careful handling and the right boxes: how to protect comics printed from 1938 to 1956.',
    lastReviewed: '2026-11-26',
    body: `Golden Age comics, printed from 1938 to 1956, are the oldest and most fragile books most collectors will ever own. They were printed on cheap newsprint that was never meant to last, and eighty years on that paper is often tanned, brittle and still giving off acid. Bagging and boarding a run of them is not difficult, but it is slower and more careful work than sleeving this week's new releases. This guide takes it in order: the right size, the right board, the right sleeve, getting the book inside without hurting it, and boxing the result.

## Start with the right size

Golden Age books are the widest standard comics ever printed. Modern bags will not close over them, and even Silver Age bags are usually too tight. The standard Golden Age size is a bag of 7.75 x 10.5 in with a board of 7.5 x 10.5 in: the board is cut about a quarter inch narrower than the bag, so the book sits snug without the board bowing the bag.

Cover dates are only a guide. Many books of the early 1940s ran to 64 pages and are the widest and thickest of all, while by the early 1950s some publishers had trimmed their books closer to Silver Age widths. Before you buy for a whole run:

1. Measure the width of three or four covers from across the run, not just the first issue you pull out.
2. Choose the smallest bag that is wider than the widest cover, with a little room to spare.
3. For thick issues and annuals, look for a sleeve with a deeper flap or go up a size, so the flap closes without pressing on the spine.

Our [sizes guide](/sizes-guide) has the full chart by era, and the [Fit Finder](/fit) lists every bag, board and box in the catalogue that fits the eras you collect.

## Choose a buffered board

The board does more than keep the book flat. Newsprint from the 1940s and 1950s is full of lignin, and as it ages it produces acid that yellows and weakens the paper from within. An acid-free board will not add to the problem; a buffered board also works against it, because it carries an alkaline reserve, usually 3% calcium carbonate, that neutralizes the acid migrating out of the comic. For a Golden Age run, buffered boards are worth it for every book, not just the keys.

::product{asin="B093QQEFK8"}

These boards are 7 5/8 in wide, an eighth of an inch wider than the usual Golden Age board. That makes for a snug fit in a 7.75 in sleeve, which leaves the book less room to slide around; just check that your sleeves still close over them without bowing. If a board has one white, coated side and one plain gray side, the coated side faces the comic. Thick full-back boards (around 40 mil) make a stiffer package for valuable books, while thinner half-back boards (around 24 mil) let more books fit in a box. The buffer is used up slowly over the years, so check the boards of very old books now and then and replace any that have yellowed. A pack of 100 covers most runs. :buy[Check the price]{asin="B093QQEFK8"} before you order, as it can change from day to day.

## Mylar or polypropylene?

This is the one real decision in bagging a Golden Age run, and for most collectors the answer is both. Here are the Golden Age sleeves and bags in our catalogue side by side:

::compare{table="golden-age-sleeves"}

**Mylar** is the archival choice. It is chemically inert, stays crystal clear for decades and is stiff enough to protect corners and spines. E. Gerber's 2-mil Golden Age sleeves cost :price{asin="B073TEQUFH"} for a pack of 50. For keys, high-grade copies and anything you could not replace, Mylar is not a luxury: a polypropylene bag has to be replaced every five to seven years, and every re-bagging is one more chance to damage a fragile book.

**Polypropylene** is the budget choice for the rest of the run: reading copies, low-grade fillers and books you pick up often. Choose a thick bag. BCW's 3-mil Golden Age bags are half as thick again as standard bags and add real stiffness in the box. Re-bag them on schedule, and sooner if they turn cloudy or brittle.

**Polyethylene** sleeves are soft and cheap, and fine for shipping a book or for a short stay, but they haze with age and are no place to keep a Golden Age comic for the long term.

A sensible split for most runs is Mylar for the first issues, the keys and your best copies, and thick polypropylene for everything else. Our [sleeve comparison](/compare-sleeves) sets out the differences between the three materials in more detail.

## Handle each book as little as possible

Most of the damage done to old comics happens in the minute they spend out of a bag. Before you start:

- Wash and dry your hands, and skip the hand cream. Clean, dry fingers give you better control than cotton gloves, which snag on brittle edges and make pages harder to feel.
- Work on a clean, flat, clear table, away from drinks and direct sunlight.
- Take an old bag off by sliding it away from the book, rather than pulling the comic out by its spine. If old tape has stuck to anything, cut the bag away instead of peeling it.
- Throw out any old board that is yellow, bowed or damp and any old bag that is cloudy or brittle, and never reuse tape.

Then, for each book:

1. Lay the comic on the board, back cover down, and hold the two together as one.
2. Open the new sleeve by bowing it gently between your fingers, and slide the board and the comic in together, pushing on the board, never on the spine or a corner of the book.
3. If the book catches, stop, take it out and try again. Forcing it is how corners get bent and covers get torn.
4. Fold the flap over the back of the board. If you tape it, tape the flap to the sleeve itself, so that no adhesive can ever touch the comic.

Books with loose covers, detached centerfolds or flaking pages need even more care. Keep them flat, do not try to mend them with tape, and for anything valuable talk to a professional restorer before you do anything else.

## Box the run

Store bagged and boarded Golden Age books upright in short boxes. A short box holds about 150 books and is still easy to lift, and a vintage run is rarely big enough to need a long box; besides, the lighter a box is, the less likely anyone is to drop it.

::products{asins="B09YVUKLJP,B0B00DZ5U6,B0B32QEFJ4"}

A few rules keep a box from doing harm:

- Fill it so the books stand upright without slumping, but never cram them: if a book has to be forced in, start a new box. Mylar sleeves and thick boards take more room than everyday bags, so expect fewer books to a box.
- Keep the lid on. Light fades covers faster than anything else.
- Keep boxes off the floor and away from attics, basements and outside walls. About 65 to 70°F and 40 to 50% relative humidity is ideal, and steady matters as much as the numbers.
- Use dividers to split the run by title or year, so you can find an issue without flipping through, and handling, every book in front of it.
- Never stack loose books, and do not stack full cardboard boxes more than two or three high.

Done this way, a Golden Age run needs little more attention for years: a look at the boards now and then, new polypropylene bags on schedule, and the Mylar left alone. For a ready shopping list, see the Golden/Silver Age kit in our [starter kits](/starter-kits).
`,
  },
  {
    slug: 'mylar-vs-polypropylene-vs-polyethylene',
    title: 'Mylar vs polypropylene vs polyethylene: comic sleeves compared',
    summary:
      'Mylar, polypropylene and polyethylene comic sleeves compared: clarity, stiffness, lifespan and cost, and which one each of your books needs.',
    lastReviewed: '2026-11-26',
    body: `Every comic sleeve does the same basic job: it keeps dust, moisture, fingerprints and the oils from your hands off the book. What sets the three materials apart is how they age. One lasts for decades, one for five to seven years and one for a few, and the price runs the same way. Choosing between them is a trade between what you spend now and the work of re-bagging later, and the right answer is different for a key issue than for a long box of reading copies.

## Three plastics, three ways of aging

**Mylar** is a trade name for biaxially oriented polyester film (BoPET), the material archives and libraries use to encapsulate documents. It contains no plasticizers or coatings that could migrate onto a cover, and it does not yellow, cloud or turn brittle with age. It is sold by thickness: 2 mil for most books, and 4 mil when you want walls stiff enough to resist bends and dents.

**Polypropylene** is the standard comic bag: clear, glossy and crisp, usually 1.5 to 3 mil thick, with a fold-over flap or a resealable strip. It is not archival. Over the years it can turn yellow and brittle, and it can crack in the cold, so collectors plan to re-bag every five to seven years.

**Polyethylene** is the softest and the cheapest. It is slightly hazy, stays flexible in a cold garage or a mail truck, and is forgiving to handle, which makes it popular for shipping and bulk storage. It clouds as it ages and should be replaced every few years.

## Side by side

Table: How the three sleeve materials compare

| Property | Mylar | Polypropylene | Polyethylene |
| --- | --- | --- | --- |
| Material | Polyester film (BoPET) | Polypropylene | Polyethylene |
| Clarity | Crystal clear | Clear and glossy | Slightly hazy |
| Feel | Rigid | Crisp | Soft and flexible |
| Usual thickness | 2 or 4 mil | 1.5 to 3 mil | 1.5 to 2 mil |
| Archival | Yes | No | No |
| Replace after | Decades | About 5 to 7 years | A few years |
| In the cold | Unaffected | Can crack | Stays flexible |
| Price per sleeve | Highest | Low | Lowest |

Here is one current-size sleeve of each material from our catalogue, with today's prices and the price per sleeve:

::compare{asins="B077USL46J,B07PL1MST6,B08C6Q6Q0A"}

## Mylar: for the books that matter

Mylar's price buys two things, time and stiffness. A Mylar sleeve put on a book today will probably never need replacing, so the book never has to come out of its sleeve again; for a fragile or valuable comic, that alone is worth a lot. The stiffness counts as much as the chemistry: a 4-mil sleeve is stiff enough to keep spines and corners safe from the knocks of an ordinary box.

The costs are real, though. A Mylar sleeve costs several times as much as a polypropylene bag: BCW's current-size 2-mil sleeves cost :price{asin="B077USL46J"} for 50, against :price{asin="B07PL1MST6"} for 100 Ultra PRO polypropylene bags. Mylar is also snugger and stiffer, so books take more care to slide in and out, and its edges are sharp enough to nick a cover if you rush.

Use Mylar for keys, first appearances, high-grade and signed copies, and Golden and Silver Age books on aging newsprint. If you want to move a whole run of modern keys into Mylar, a value pack of 100 keeps the cost down; you can :buy[check the price of the Max Pro pack]{asin="B07DNUAWT6"} before you commit. The best-rated Mylar sleeves in our catalogue right now:

::products{category="mylar-sleeves" sort="rating" limit="4"}

## Polypropylene: the everyday bag

Polypropylene is what most of a collection should live in. It is clear enough to show a cover well, cheap enough to bag every book you own, and sold in every era size, with a fold-over flap or a resealable strip. It does not stiffen the book much on its own, so always pair it with an acid-free backing board.

::product{asin="B07PL1MST6"}

Choose thicker 3-mil bags for heavier books and older runs, and check that the adhesive of a resealable bag sits on the flap, where it can never touch the comic. Resealable bags are also cut a little wider than fold-over ones, so pair them with the board their listing names. Plan to re-bag every five to seven years, and sooner for any bag that has turned cloudy, yellow or brittle.

## Polyethylene: bulk and shipping

Polyethylene is the cheapest way to keep dust and handling off a comic. Its softness is an advantage when a book travels: it will not crack in a cold mailbox, and it gives a little instead of splitting when a package is squeezed. It is also good for dollar-bin finds and reading copies you pick up often.

::products{asins="B08C6Q6Q0A,B08DE4NBWP,B08C9QKMJH"}

The haze that makes it look dull also gets worse with age, and a floppy sleeve does nothing to keep a book flat, so a board is not optional. Treat polyethylene as short-term protection and replace it every few years.

## Which sleeve for which book

Table: Which sleeve to choose for your books

| Your books | Sleeve | Why |
| --- | --- | --- |
| Keys, first appearances, high grades | Mylar, 2 or 4 mil | Decades without re-bagging, and stiff walls |
| Golden and Silver Age books | Mylar, or thick polypropylene for low-grade copies | Aging newsprint needs stable plastic and a buffered board |
| New releases and your pull list | Polypropylene | Clear, inexpensive and good for years |
| Long runs and reading copies | Polypropylene or polyethylene | Cost matters more than display |
| Books you ship or sell | Polyethylene | Soft, cheap and does not crack in the cold |

Most collections end up using all three: polypropylene for most of the collection, Mylar for the handful of books that matter most, and polyethylene for bulk and shipping. Whatever you choose, match the sleeve to the size of the book with our [sizes guide](/sizes-guide), put an acid-free board behind every comic (buffered for old newsprint), and store the result upright in a closed box, somewhere cool, dry and dark. If you collect older books, our guide to bagging and boarding a Golden Age run walks through the whole job step by step.
`,
  },
] as const satisfies readonly SeedGuide[]
