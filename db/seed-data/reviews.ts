import type { ReviewStatus } from '../types.ts'
import type { ProductAsin } from './products.ts'

export interface SeedReview {
  asin: ProductAsin
  reviewer_name: string
  rating: 1 | 2 | 3 | 4 | 5
  comment: string | null
  status: ReviewStatus
  helpful_count: number
  days_ago: number
}

export const reviews: readonly SeedReview[] = [
  // E. Gerber Mylites 2 775M Golden Age
  {
    asin: 'B073TEQUFH',
    reviewer_name: 'GoldenAgeGreg',
    rating: 5,
    comment:
      'Moved my 1940s Timely books into these and they look fantastic. The 775 size leaves enough room for thicker Golden Age issues without squeezing the spine. Pair them with Full-Backs and you are set for decades.',
    status: 'APPROVED',
    helpful_count: 12,
    days_ago: 41,
  },
  {
    asin: 'B073TEQUFH',
    reviewer_name: 'PulpPreserver',
    rating: 5,
    comment:
      'Crystal clear, stiff enough to handle without flexing the book. Pricier than polypropylene but you only buy them once.',
    status: 'APPROVED',
    helpful_count: 8,
    days_ago: 33,
  },
  {
    asin: 'B073TEQUFH',
    reviewer_name: 'bronze_bin_diver',
    rating: 4,
    comment:
      'Great sleeves. Knocked one star because a couple had a small crease at the fold line straight out of the pack, but the rest were perfect.',
    status: 'APPROVED',
    helpful_count: 5,
    days_ago: 26,
  },
  {
    asin: 'B073TEQUFH',
    reviewer_name: 'Marvelous Marisol',
    rating: 5,
    comment: null,
    status: 'APPROVED',
    helpful_count: 1,
    days_ago: 18,
  },
  {
    asin: 'B073TEQUFH',
    reviewer_name: 'KeyHunter77',
    rating: 5,
    comment:
      'These are what the graders recommend for raw keys. My All-Star Comics fits with room to spare and the flap tucks in neatly.',
    status: 'APPROVED',
    helpful_count: 3,
    days_ago: 9,
  },
  {
    asin: 'B073TEQUFH',
    reviewer_name: 'slabcurious',
    rating: 4,
    comment: 'Nice and clear. Would love a 100 pack option to bring the per-sleeve price down.',
    status: 'PENDING',
    helpful_count: 0,
    days_ago: 1,
  },

  // BCW Current Age Comic Bags & Boards
  {
    asin: 'B07NPW6S4K',
    reviewer_name: 'WeeklyPullPaul',
    rating: 5,
    comment:
      'I go through one of these packs every few months. Bags fit modern books perfectly and the boards are bright white. Cannot beat the value.',
    status: 'APPROVED',
    helpful_count: 9,
    days_ago: 44,
  },
  {
    asin: 'B07NPW6S4K',
    reviewer_name: 'Longbox Lena',
    rating: 4,
    comment: 'Good starter kit. Some newer variants with thick cardstock covers are a tight fit, so size up for those.',
    status: 'APPROVED',
    helpful_count: 7,
    days_ago: 37,
  },
  {
    asin: 'B07NPW6S4K',
    reviewer_name: 'comicdad_2009',
    rating: 5,
    comment: 'Bought these to sort my kid’s collection. Easy to use, and he now bags every issue himself.',
    status: 'APPROVED',
    helpful_count: 4,
    days_ago: 22,
  },
  {
    asin: 'B07NPW6S4K',
    reviewer_name: 'SpinerollSam',
    rating: 4,
    comment: null,
    status: 'APPROVED',
    helpful_count: 0,
    days_ago: 12,
  },
  {
    asin: 'B07NPW6S4K',
    reviewer_name: 'BestDealsBot',
    rating: 1,
    comment: 'CHEAP KEYS AND SLABS!!! Visit my store for 90% off, link in profile!!!',
    status: 'REJECTED',
    helpful_count: 0,
    days_ago: 8,
  },

  // E. Gerber Full-Back boards
  {
    asin: 'B08P75RDXA',
    reviewer_name: 'ArchivistAnn',
    rating: 5,
    comment:
      'The buffered board is the real reason to buy these. My Silver Age books were getting brittle in old BCW boards; these are thick and keep everything perfectly flat.',
    status: 'APPROVED',
    helpful_count: 11,
    days_ago: 40,
  },
  {
    asin: 'B08P75RDXA',
    reviewer_name: 'ModernAgeMike',
    rating: 5,
    comment: 'Noticeably heavier than standard boards. Worth it for anything you care about.',
    status: 'APPROVED',
    helpful_count: 6,
    days_ago: 28,
  },
  {
    asin: 'B08P75RDXA',
    reviewer_name: 'Tomás R.',
    rating: 4,
    comment: 'Excellent boards, but at 42 mil you fit fewer books in a short box. Plan for that when buying boxes.',
    status: 'APPROVED',
    helpful_count: 4,
    days_ago: 15,
  },
  {
    asin: 'B08P75RDXA',
    reviewer_name: 'cgc_or_bust',
    rating: 5,
    comment: 'Using these for everything I plan to submit for grading.',
    status: 'PENDING',
    helpful_count: 0,
    days_ago: 2,
  },

  // BCW short box 5 pack
  {
    asin: 'B09YVUKLJP',
    reviewer_name: 'ShelfSpaceSteve',
    rating: 5,
    comment:
      'Sturdy enough to stack three high when full. Folding them the first time takes a minute, after that it is easy.',
    status: 'APPROVED',
    helpful_count: 5,
    days_ago: 35,
  },
  {
    asin: 'B09YVUKLJP',
    reviewer_name: 'RunCompletist',
    rating: 4,
    comment: 'Holds about 150 with boards as advertised. One lid arrived dented but it still closes fine.',
    status: 'APPROVED',
    helpful_count: 2,
    days_ago: 19,
  },
  {
    asin: 'B09YVUKLJP',
    reviewer_name: 'newbie_nora',
    rating: 5,
    comment: 'Perfect for my first collection!',
    status: 'PENDING',
    helpful_count: 0,
    days_ago: 3,
  },

  // BCW long box 5 pack
  {
    asin: 'B0BHMAFBV4',
    reviewer_name: 'Longbox Lena',
    rating: 5,
    comment:
      'The classic. Fits right on my metal shelving two deep. Hand holes are reinforced enough to carry a full box.',
    status: 'APPROVED',
    helpful_count: 8,
    days_ago: 39,
  },
  {
    asin: 'B0BHMAFBV4',
    reviewer_name: 'Bronze Age Bev',
    rating: 4,
    comment: 'Heavy when full, so I prefer shorts for anything I move often. For deep storage these are great.',
    status: 'APPROVED',
    helpful_count: 6,
    days_ago: 27,
  },
  {
    asin: 'B0BHMAFBV4',
    reviewer_name: 'DCdevotee',
    rating: 5,
    comment: null,
    status: 'APPROVED',
    helpful_count: 1,
    days_ago: 14,
  },

  // Ultra PRO current toploaders
  {
    asin: 'B0C1SDG4Y5',
    reviewer_name: 'ConHopper',
    rating: 5,
    comment:
      'I carry these to every convention for signings. A bagged and boarded book slides in and stays put even upside down.',
    status: 'APPROVED',
    helpful_count: 7,
    days_ago: 30,
  },
  {
    asin: 'B0C1SDG4Y5',
    reviewer_name: 'eBaySellerSue',
    rating: 4,
    comment: 'Great for shipping. A little snug with 4-mil Mylar and a Full-Back board.',
    status: 'APPROVED',
    helpful_count: 5,
    days_ago: 20,
  },
  {
    asin: 'B0C1SDG4Y5',
    reviewer_name: 'kirby_krackle',
    rating: 5,
    comment: 'Displaying my favourite covers on a picture ledge with these. Looks great.',
    status: 'PENDING',
    helpful_count: 0,
    days_ago: 1,
  },

  // BCW graded comic box
  {
    asin: 'B0DBFVM7XY',
    reviewer_name: 'SlabStacker',
    rating: 5,
    comment:
      'Fits my CGC slabs upright with a little room for slab sleeves. Much better than stacking them flat in a drawer.',
    status: 'APPROVED',
    helpful_count: 9,
    days_ago: 34,
  },
  {
    asin: 'B0DBFVM7XY',
    reviewer_name: 'PressAndGrade',
    rating: 4,
    comment: 'Holds about 20 with sleeves. Wish the cardboard were a bit thicker for the price.',
    status: 'APPROVED',
    helpful_count: 3,
    days_ago: 16,
  },

  // BCW dividers
  {
    asin: 'B0CP4FXW2J',
    reviewer_name: 'AlphabetAlex',
    rating: 5,
    comment: 'Finally organised 12 long boxes by title. A Sharpie writes on them cleanly.',
    status: 'APPROVED',
    helpful_count: 6,
    days_ago: 29,
  },
  {
    asin: 'B0CP4FXW2J',
    reviewer_name: 'RunCompletist',
    rating: 4,
    comment: 'Tall enough to stick out above boards. Plastic is thinner than I expected but does the job.',
    status: 'APPROVED',
    helpful_count: 2,
    days_ago: 13,
  },

  // BCW magazine bags
  {
    asin: 'B0BRP5PYL2',
    reviewer_name: 'MadMagMaven',
    rating: 5,
    comment: 'Fit my 1970s MAD and Creepy magazines nicely with a magazine board inside.',
    status: 'APPROVED',
    helpful_count: 4,
    days_ago: 31,
  },
  {
    asin: 'B0BRP5PYL2',
    reviewer_name: 'angryshopper',
    rating: 1,
    comment: 'Has not arrived yet. Will update when it does.',
    status: 'REJECTED',
    helpful_count: 0,
    days_ago: 6,
  },

  // E. Gerber 4 mil Silver Age Mylar
  {
    asin: 'B076Z1RFVC',
    reviewer_name: 'KeyHunter77',
    rating: 5,
    comment: 'These are tanks. I keep my ASM #129 and Hulk #181 in them and feel no need for a toploader on the shelf.',
    status: 'APPROVED',
    helpful_count: 10,
    days_ago: 38,
  },
  {
    asin: 'B076Z1RFVC',
    reviewer_name: 'Silver Surfer Sid',
    rating: 5,
    comment: null,
    status: 'APPROVED',
    helpful_count: 2,
    days_ago: 21,
  },

  // Ultra PRO current bags
  {
    asin: 'B07PL1MST6',
    reviewer_name: 'WeeklyPullPaul',
    rating: 4,
    comment: 'Good everyday bags. The resealable strip is handy for books I reread.',
    status: 'APPROVED',
    helpful_count: 3,
    days_ago: 25,
  },
  {
    asin: 'B07PL1MST6',
    reviewer_name: 'jlafan',
    rating: 3,
    comment: 'Fine, but the tape grabbed the back cover of one book when I pulled it out. Careful.',
    status: 'PENDING',
    helpful_count: 0,
    days_ago: 4,
  },

  // BCW polyethylene sleeves
  {
    asin: 'B08C6Q6Q0A',
    reviewer_name: 'DollarBinDan',
    rating: 3,
    comment:
      'A bit cloudy compared to polypropylene, but for 25-cent bin finds they are exactly what I need. Soft and they do not crack.',
    status: 'APPROVED',
    helpful_count: 4,
    days_ago: 24,
  },

  // BCW long box bundle
  {
    asin: 'B0BLJT2GUH',
    reviewer_name: 'MovingDayMo',
    rating: 5,
    comment: 'Repacked my whole collection before a move with this bundle. Not one box failed.',
    status: 'PENDING',
    helpful_count: 0,
    days_ago: 5,
  },

  // Ultra PRO graded frame
  {
    asin: 'B0DDQ6WE33',
    reviewer_name: 'WallOfGrails',
    rating: 5,
    comment: 'My 9.8 looks like a museum piece. The slab slides in easily and the frame hangs straight.',
    status: 'APPROVED',
    helpful_count: 5,
    days_ago: 17,
  },

  // BCW current backing boards
  {
    asin: 'B08TL5VJQ0',
    reviewer_name: 'ModernAgeMike',
    rating: 5,
    comment: 'Standard boards at a fair price. Glossy side out for the back cover.',
    status: 'APPROVED',
    helpful_count: 3,
    days_ago: 32,
  },
  {
    asin: 'B08TL5VJQ0',
    reviewer_name: 'ArchivistAnn',
    rating: 3,
    comment:
      'Fine for moderns, but they are not buffered, so swap them every few years or go with a buffered board for older books.',
    status: 'APPROVED',
    helpful_count: 8,
    days_ago: 23,
  },
]
