// The default text of /faq, below its title (app/content/default-pages.ts). Each topic is a section and each
// question an h3, both with the ids other pages and old links point to (/faq#which-size). Sizes agree with
// /sizes-guide (the chart is built from the same figures), prices and reviews with /disclosure.
export const body = `The questions collectors ask us most, answered plainly: which size fits which era, which sleeve to trust with which book, when to re-bag, how to store a collection, and how prices and reviews work on :site-name.

## Sizes by era {#sizes}

### Which bag and board size fits my comics? {#which-size}

Comics got narrower over the decades, so the size you need depends on when your books were printed. The height is 10.5 inches for every standard size; the width is what changes.

::sizes-chart{variant="all-eras"}

Cover dates are only a guide: when in doubt, measure the cover and choose the smallest bag that is wider than it. The [sizes guide](/sizes-guide) has the full chart and five tips for a good fit.

### What about annuals, giant-size issues and magazines? {#thick-books}

Thick books need a thick bag or the next size up, so the flap still closes without bending the spine. Magazines, treasury editions and oversized annuals need [magazine bags](/category/magazine-bags), and resealable or full-back variants are cut a little wider than the sizes above.

## Sleeve materials {#materials}

### Mylar, polypropylene or polyethylene: what is the difference? {#mylar-vs-poly}

**Mylar** (archival polyester film) is rigid, crystal clear and chemically inert: it lasts for decades and is the choice for keys, high grades and Golden and Silver Age books. **Polypropylene** is the everyday bag: clear, glossy and inexpensive, but not archival. **Polyethylene** is the softest and cheapest, slightly hazy, and good for bulk runs, reading copies and shipping.

See them side by side, with pros, cons and best uses, in [compare sleeves](/compare-sleeves).

### Do I need backing boards, and do they have to be acid-free? {#boards}

Yes to both. A board keeps the spine straight and the corners sharp inside the bag, and an ordinary cardboard sheet gives off acids that yellow the paper it touches. Use [acid-free boards](/category/backing-boards); for old newsprint, buffered boards also absorb the acids the comic itself gives off.

## Replacing bags and boards {#replacing}

### How often should I replace bags and boards? {#how-often}

- Polypropylene bags: about every five to seven years.
- Polyethylene bags: every few years, as they cloud with age.
- Mylar sleeves: they last for decades; you rarely need to replace them.
- Boards: with the bag in everyday storage. Buffered boards slowly use up their buffer, so check those on very old books now and then.

### How can I tell it is time? {#signs}

Replace a bag that looks cloudy, yellow, brittle or torn, or whose flap tape has let go. Replace a board that has yellowed, bowed or picked up moisture. Never reuse the tape: fold the flap behind the board instead.

## Storing your comics {#storage}

### Where and how should I store my comics? {#conditions}

- **Temperature:** cool and steady, about 65 to 70°F (18 to 21°C). Avoid attics, garages and outside walls, where it swings with the seasons.
- **Humidity:** about 40 to 50% relative humidity. Damp basements bring mold and warping; very dry air makes paper brittle.
- **Light:** dark. Sunlight and fluorescent light fade inks quickly, so keep boxes closed and frame only with UV-filtering glass.
- **Upright in boxes:** bagged and boarded books stand upright in [short boxes](/category/short-boxes) or [long boxes](/category/long-boxes), snug but not crammed, with the boxes off the floor. Do not stack loose books in piles: the weight presses spine rolls and dents into those at the bottom.

## How prices work here {#prices}

### Where do your prices come from? {#where-prices-come-from}

From Amazon. We sell nothing ourselves: every price here is Amazon's, refreshed every night at 3:15 AM, and each product page shows the date and time its price was retrieved.

### Why do I sometimes see "See price on Amazon" instead of a price? {#stale-prices}

Product data here is never older than 24 hours. If a price could not be refreshed in time, we stop showing it and send you to Amazon to see the current one.

### Why is the price on Amazon different? {#price-differs}

Prices change during the day. The price displayed on Amazon at the time of purchase is the one that applies, so always verify it there before you buy.

### How does the site earn money? {#affiliate}

As an Amazon Associate I earn from qualifying purchases. When you follow one of our links to Amazon and buy something, Amazon pays us a small commission; you pay the same price as going to Amazon directly. Commissions never decide what we recommend. Read the full [affiliate disclosure](/disclosure#affiliate) and [how prices are kept current](/disclosure#pricing).

## How reviews work {#reviews}

### How do I write a review? {#write-a-review}

Press "Write a Review" on any product page. On a product's reviews page you sign in first: enter your e-mail address and we send you a one-time sign-in link (a magic link); follow it and your review is posted under the nickname you chose. Your e-mail address is never shown or shared.

### Why doesn't my review show up yet? {#moderation}

Every review is read by a moderator before it appears, so it shows once it has been approved. Critical reviews are published just like positive ones, and we never edit what reviewers write; only spam and abuse are removed. See our [review policy](/disclosure#reviews).

### Why does a product show two ratings? {#two-ratings}

The stars next to a product's title and on product cards are Amazon's rating and review count. "Community Reviews" on the product page are written by collectors here, and their average comes only from the reviews we have approved.

Still have a question? [Contact us](/contact).
`
