export interface SeedCategory {
  slug: string
  name: string
  description: string
  image_url: string
}

export const categories = [
  {
    slug: 'mylar-sleeves',
    name: 'Mylar Sleeves',
    description:
      'Crystal-clear, rigid Mylar sleeves for keys and high-grade books. Chemically inert polyester that protects for decades instead of years.',
    image_url: '/images/categories/mylar-sleeves.svg',
  },
  {
    slug: 'polypropylene-sleeves',
    name: 'Polypropylene Bags',
    description:
      'The everyday comic bag: clear, inexpensive polypropylene with a resealable or fold-over flap. Ideal for new releases and reading copies, swapped every few years.',
    image_url: '/images/categories/polypropylene-sleeves.svg',
  },
  {
    slug: 'poly-sleeves',
    name: 'Polyethylene Sleeves',
    description:
      'Soft, slightly hazy polyethylene sleeves that do not crack in the cold. A budget option for bulk runs, dollar-bin finds and shipping.',
    image_url: '/images/categories/poly-sleeves.svg',
  },
  {
    slug: 'backing-boards',
    name: 'Backing Boards',
    description:
      'Acid-free boards that keep spines straight and corners sharp inside the bag. Buffered boards absorb the acids that old newsprint gives off.',
    image_url: '/images/categories/backing-boards.svg',
  },
  {
    slug: 'short-boxes',
    name: 'Short Boxes',
    description:
      'Corrugated boxes holding around 150 bagged and boarded comics. Light enough to carry full and easy to fit on a standard shelf.',
    image_url: '/images/categories/short-boxes.svg',
  },
  {
    slug: 'long-boxes',
    name: 'Long Boxes',
    description:
      'The classic collector box for about 300 comics. The most storage per dollar for long runs that live in a closet or on a rack.',
    image_url: '/images/categories/long-boxes.svg',
  },
  {
    slug: 'magazine-bags',
    name: 'Magazine Bags',
    description:
      'Larger bags and sleeves sized for magazines, treasury editions and oversized annuals that will not fit a standard comic bag.',
    image_url: '/images/categories/magazine-bags.svg',
  },
  {
    slug: 'toploaders',
    name: 'Toploaders & Rigid Holders',
    description:
      'Rigid, crystal-clear holders for books you want to display or ship without bending. Slide a bagged and boarded comic in from the top.',
    image_url: '/images/categories/toploaders.svg',
  },
  {
    slug: 'dividers',
    name: 'Comic Dividers',
    description:
      'Tall tabbed dividers that split a box by title, publisher or issue range, so you find a book without flipping through the whole run.',
    image_url: '/images/categories/dividers.svg',
  },
  {
    slug: 'graded-comic-storage',
    name: 'Graded Comic Storage',
    description:
      'Boxes, sleeves and frames made for CGC, CBCS and PGX slabs. Keep graded books upright, scratch-free and ready to show off.',
    image_url: '/images/categories/graded-comic-storage.svg',
  },
] as const satisfies readonly SeedCategory[]

export type CategorySlug = (typeof categories)[number]['slug']
