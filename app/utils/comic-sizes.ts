// Bag and board dimensions of the standard comic sizes, width x height, as the sizes guide's chart gives them
// (SPEC §2); the FAQ and the starter kits quote the same figures from here, so the pages cannot disagree.
export const comicSizes = {
  current: { bag: '7 x 10.5 in', board: '6.75 x 10.5 in' },
  standard: { bag: '7.125 x 10.5 in', board: '6.875 x 10.5 in' },
  silverAge: { bag: '7.25 x 10.5 in', board: '7 x 10.5 in' },
  goldenAge: { bag: '7.75 x 10.5 in', board: '7.5 x 10.5 in' },
} as const
