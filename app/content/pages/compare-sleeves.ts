// The default text of /compare-sleeves, below its title (app/content/default-pages.ts): the three materials
// side by side, a card for each, then a live table a material of its best-rated sleeves and bags
// (::sleeve-table, sortable, built from the catalogue) and the date of their prices (::prices-as-of).
export const body = `Every comic bag does the same basic job: it keeps out dust, moisture and fingerprints. Where they differ is how long they last, how clear they are and what they cost. Here is how the three materials compare, and which one to use for which books.

## At a glance {#at-a-glance}

Table: Mylar, polypropylene and polyethylene sleeves compared feature by feature

| Feature | Mylar | Polypropylene | Polyethylene |
| --- | --- | --- | --- |
| Material | Polyester film (BoPET) | Polypropylene | Polyethylene |
| Clarity | Crystal clear | Clear and glossy | Slightly hazy |
| Feel | Rigid | Crisp | Soft and flexible |
| Archival safe | Yes | No | No |
| Replace after | Decades | About 5 to 7 years | A few years |
| Price per sleeve | Highest | Low | Lowest |

## Mylar {#mylar}

Mylar is the common name for archival polyester film (BoPET), the material archives and libraries use to encapsulate documents. It is rigid, crystal clear and chemically stable.

### Pros

- Archival: chemically inert, with no plasticizers or coatings to migrate onto the cover
- Lasts for decades without yellowing, clouding or turning brittle
- The clearest sleeve you can buy, so the cover shows at its best
- Stiff walls (2 mil or 4 mil) add real protection against bends and dents

### Cons

- Costs several times as much per sleeve as polypropylene
- Stiffer and snugger, so books take more care to slide in and out
- Sharp edges can nick a cover if you rush

### Best use

Key issues, high-grade copies, Golden and Silver Age books, and anything you want to keep for the long term.

[Shop Mylar sleeves](/category/mylar-sleeves)

## Polypropylene {#polypropylene}

Polypropylene is the standard comic bag: clear, glossy and inexpensive, sold with a fold-over flap or a resealable strip.

### Pros

- Inexpensive, so bagging a whole collection is affordable
- Clear and glossy, much clearer than polyethylene
- Sold in every era size, resealable or with a fold-over flap
- Stiffer than polyethylene, so books slide in easily

### Cons

- Not archival: plan to re-bag about every five to seven years
- Can crack in the cold and turn brittle or yellow with age
- Thin enough that the board, not the bag, does the stiffening

### Best use

The everyday bag for new releases, your pull list and most of a modern or bronze age collection, paired with an acid-free board.

[Shop polypropylene bags](/category/polypropylene-sleeves)

## Polyethylene {#polyethylene}

Polyethylene sleeves are soft, flexible and slightly hazy. They are the cheapest way to keep dust and handling off a comic.

### Pros

- The lowest price per sleeve, ideal for bulk
- Soft and flexible: does not crack in the cold and is forgiving to handle
- Good for shipping and for books that are read often

### Cons

- Slightly hazy, so covers look duller through it
- Not archival: it clouds with age and should be replaced every few years
- Floppy: always needs a board to keep the book flat

### Best use

Bulk runs, reading copies, dollar-bin finds and shipping, where cost matters more than display.

[Shop polyethylene sleeves](/category/poly-sleeves)

## The best-rated sleeves and bags of each material {#live-tables}

Built from our catalogue as prices update: the 8 best-rated sleeves and bags of each material. Select a column heading to sort a table by it.

### Mylar {#mylar-table-heading}

::sleeve-table{material="mylar"}

[See every Mylar product](/category/mylar-sleeves)

### Polypropylene {#polypropylene-table-heading}

::sleeve-table{material="polypropylene"}

[See every Polypropylene product](/category/polypropylene-sleeves)

### Polyethylene {#polyethylene-table-heading}

::sleeve-table{material="polyethylene"}

[See every Polyethylene product](/category/poly-sleeves)

::prices-as-of

## Don't forget the board {#boards}

Whichever sleeve you choose, put an acid-free backing board behind the comic. The board keeps it flat, stops spine roll and protects the corners; in a soft polyethylene sleeve it does all the stiffening. For Golden and Silver Age books, choose buffered boards, which absorb the acid old newsprint gives off. Match the board to the sleeve size with our [sizes guide](/sizes-guide), then [shop backing boards](/category/backing-boards).

## Still deciding? {#questions}

A common approach: polypropylene for most of the collection, Mylar for the handful of books that matter most, and polyethylene for bulk and shipping. See our [frequently asked questions](/faq), or [contact us](/contact) and tell us what you collect.
`
