// The default text of /about, below its title (app/content/default-pages.ts).
export const body = `We are comic collectors who got tired of guessing which bag fits which book, which boards are really acid-free and whether a Mylar sleeve is worth the money. :site-name gathers the storage supplies we trust in one place, explains what each one is for, and links you to Amazon to buy them.

## Carefully selected supplies from key brands {#selection}

We do not list everything that calls itself a comic bag. Every product here is chosen by hand from brands collectors have relied on for years, and checked for the things that matter: archival-safe materials, sizes that match the books they are sold for, and a fair price per unit.

- **BCW**: the workhorse of the hobby: bags, boards, short and long boxes, dividers and toploaders.
- **Ultra PRO**: resealable bags, boards and rigid holders, widely stocked and consistent in size.
- **E. Gerber**: archival Mylar sleeves and buffered full-back boards trusted for long-term storage.
- **Max Pro**: Mylar sleeves, thick boards and boxes with lids at a good price per unit.
- **Bags Unlimited**: archival sleeves, boards and treasury bags in the sizes older and oversized books need.
- **Comic Concepts**: resealable bags, tape-flap Mylar sleeves and heavy-duty long boxes.

How we weigh quality, community feedback, value and brand reputation is set out in our [affiliate disclosure](/disclosure#selection).

## Bags, boards and boxes {#bags-boards-boxes}

Almost every collection, from a first pull list to a wall of long boxes, rests on three things.

### Bags and sleeves

A bag keeps out dust, moisture, fingerprints and the oils from your hands. Polypropylene bags are the everyday choice, polyethylene is the softer budget option, and Mylar is the archival one. Our [sleeve comparison](/compare-sleeves) sets the three side by side.

### Backing boards

A board keeps the comic flat, stops spine roll and protects the corners. Choose acid-free boards; buffered boards go further and absorb the acid that old newsprint gives off as it ages. Boards must match the bag: see the [sizes guide](/sizes-guide) for the right pair for each era.

### Boxes

Boxes shut out light, the fastest way to fade a cover, and keep books upright so they do not slump. A short box holds about 150 bagged and boarded comics and is easy to lift; a long box holds about 300 and gives the most storage per dollar.

## Storage and protection supplies {#storage-and-protection}

Beyond the basics, we cover the supplies for books that need something more:

- [Toploaders and rigid holders](/category/toploaders) for books you display or ship.
- [Magazine bags](/category/magazine-bags) for treasury editions, magazines and oversized annuals.
- [Comic dividers](/category/dividers) to split a box by title, publisher or issue.
- [Graded comic storage](/category/graded-comic-storage) for CGC, CBCS and PGX slabs.

## Product tiers and uses {#tiers}

Not every comic needs a Mylar sleeve. Match the protection to the book, and spend where it counts. Our [starter kits](/starter-kits) put these tiers together into ready shopping lists.

Table: Three tiers of comic protection

| Tier | Typical supplies | Best used for | How long it lasts |
| --- | --- | --- | --- |
| Everyday | Polyethylene or polypropylene bags with standard acid-free boards, in short or long boxes | Reading copies, new releases, long runs and bulk storage | Re-bag every few years, or when bags turn cloudy or brittle |
| Collector | Polypropylene bags with acid-free boards; thicker, full-back boards for heavier books | The books you care about: favorite runs, first appearances, signed copies | Re-bag about every five to seven years |
| Archival | Mylar sleeves with buffered, acid-free full-back boards; rigid holders for display | Keys, high-grade copies, and Golden and Silver Age books on aging newsprint | Decades; check boards now and then on very old books |

## Honest reviews from real collectors {#reviews}

Star ratings on a product page tell you little about whether a bag fits a 1960s annual. That is why we publish reviews from collectors who have used the supplies, good and bad.

- Every reviewer confirms their e-mail address with a sign-in link before a review is posted.
- Every review is read by a moderator before it appears, to keep out spam and abuse.
- We never edit what a reviewer wrote, and critical reviews are published like any other.

The full policy is in our [affiliate disclosure](/disclosure#reviews). Used something we list? Leave a review on its product page.

## How we are paid {#how-we-earn}

We sell nothing ourselves and handle no payments. When you buy through our links, Amazon pays us a small commission at no extra cost to you; that keeps the guides free. Read the details in our [affiliate disclosure](/disclosure), or [contact us](/contact) with a question or a product you think we should list.
`
