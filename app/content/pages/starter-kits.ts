// The default text of /starter-kits, below its title (app/content/default-pages.ts): four shopping lists, each
// a section with its price range, its items (linked to their categories) and who it suits. The vintage sizes
// are those of the sizes guide's chart.
export const body = `Not sure where to start? Each kit below is a shopping list of supplies that work together, with a typical total price on Amazon. Pick the one closest to your collection, follow the links to choose the exact products, and adjust the quantities to the number of books you own.

## Beginner's Protection {#beginners-protection}

**About $45-60**

Everything you need to bag, board and box your first 150 or so comics.

### What's in the kit

- **200** [Polypropylene bags](/category/polypropylene-sleeves), current (modern) size, resealable or fold-over flap
- **200** [Backing boards](/category/backing-boards), acid-free, current size
- **2** [Short boxes](/category/short-boxes), about 150 bagged and boarded books each

### Ideal for

New collectors and anyone with a weekly pull list who wants every book protected without spending much. Start here if your comics are in piles or paper bags.

## Archival Collection {#archival-collection}

**About $85-120**

Long-term protection for the books that matter most.

### What's in the kit

- **50** [Mylar sleeves](/category/mylar-sleeves), 2 mil or 4 mil, sized for the era of your books
- **50** [Backing boards](/category/backing-boards), buffered, acid-free full-back boards
- **1** [Short box](/category/short-boxes), to keep the collection dark and upright

### Ideal for

Collectors protecting key issues, high-grade or signed copies, and books bought as an investment, who want them to look the same in twenty years.

## Complete Organization {#complete-organization}

**About $70-95**

Room for a growing collection, sorted so you can find any issue.

### What's in the kit

- **300** [Polypropylene bags](/category/polypropylene-sleeves), current size, for the bulk of the collection
- **300** [Backing boards](/category/backing-boards), acid-free, current size
- **2** [Long boxes](/category/long-boxes), about 300 books each
- **25** [Comic dividers](/category/dividers), to split boxes by title or publisher

### Ideal for

Collectors with a few hundred comics or more, long runs, or a collection spread across closets, who want it all in one place and easy to browse.

## Golden/Silver Age {#golden-silver-age}

**About $65-85**

Correctly sized protection for wider vintage books from 1938 to 1970.

### What's in the kit

- **50** [Polypropylene bags](/category/polypropylene-sleeves), Silver Age size, 7.25 x 10.5 in
- **50** [Backing boards](/category/backing-boards), Silver Age size, 7 x 10.5 in
- **25** [Mylar sleeves](/category/mylar-sleeves), Golden Age size, 7.75 x 10.5 in, for the most valuable books
- **25** [Backing boards](/category/backing-boards), Golden Age size, 7.5 x 10.5 in, buffered
- **1** [Short box](/category/short-boxes), vintage books are best kept in small boxes

### Ideal for

Collectors of older comics that do not fit modern bags, and anyone who has inherited or bought a vintage collection and needs to protect aging newsprint.

Prices are estimates from typical Amazon prices and vary with brand, pack size and offers. Each product page shows the current price and when it was retrieved; the price on Amazon at the time of purchase applies (see [how prices work](/disclosure#pricing)).

Unsure which size or sleeve to choose? Read the [sizes guide](/sizes-guide) and [compare sleeves](/compare-sleeves) first.
`
