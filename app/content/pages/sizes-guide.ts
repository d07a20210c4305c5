// The default text of /sizes-guide, below its title (app/content/default-pages.ts). The chart itself is built
// from the site's size figures (::sizes-chart), so the guide, the FAQ and the starter kits cannot disagree.
export const body = `Comics have grown narrower over the decades, so a bag made for a 1940s book swims around a modern one, and a modern bag will not close over a Golden Age book. Find the era of your comics below and buy the bag and board made for it.

## Size chart by era {#chart-heading}

::sizes-chart

**Resealable and full-back variants are wider.** Resealable bags need room for their adhesive strip, and bags made for thick full-back boards need room for the extra board, so both are cut a little wider than the sizes above. Check the listing and pair them with the matching board.

Know your eras? The [Fit Finder](/fit) lists the bags, boards and boxes in our catalogue that fit them, with the price per unit and the total for the number of books you have.

## Five tips for a perfect fit {#tips}

1. **Measure, don't guess.** Cover dates are only a guide: page counts and paper changed from publisher to publisher. Measure the width of the cover and choose the smallest bag that is wider than it.
2. **Buy bags and boards in the same size.** A board is made about a quarter inch narrower than its bag. Too wide and it bows the bag; too narrow and the comic slides and its spine rolls.
3. **Go up a size for thick books.** Annuals, giant-size issues and prestige-format books need a thick bag or the next size up; treasury editions and magazines need [magazine bags](/category/magazine-bags).
4. **Keep tape off the comic.** Fold the flap behind the board, or tape the flap to the bag itself. Never let adhesive touch the book: it yellows, dries out and can tear a cover when removed.
5. **Re-bag on schedule.** Replace polypropylene and polyethylene bags every five to seven years, and sooner if they look cloudy or brittle. For books you want to keep for decades, move up to [Mylar sleeves](/compare-sleeves).

## Shop by size {#shop}

Every listing in our [polypropylene bags](/category/polypropylene-sleeves), [Mylar sleeves](/category/mylar-sleeves) and [backing boards](/category/backing-boards) names its size in the title. Still unsure? The [starter kits](/starter-kits) include a Golden/Silver Age kit with both vintage sizes.
`
