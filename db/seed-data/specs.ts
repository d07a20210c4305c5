import type { Insertable } from 'kysely'
import type { Products } from '../types.ts'

/**
 * The demo catalogue's specs, read off each product's own title and description (sizes in inches, width x
 * height, and length for boxes). What a listing does not say is left unknown rather than guessed.
 */
type SeedSpecs = Pick<
  Insertable<Products>,
  | 'kind'
  | 'fits'
  | 'inner_width'
  | 'inner_height'
  | 'inner_length'
  | 'thickness_mil'
  | 'material'
  | 'pack_count'
  | 'capacity'
  | 'acid_free'
  | 'buffered'
  | 'resealable'
>

const COMIC_ERAS = ['modern', 'standard', 'silver', 'golden'] as const
const ARCHIVAL = { acid_free: true } as const
const size = (inner_width: number, inner_height: number, inner_length?: number) => ({
  inner_width,
  inner_height,
  inner_length,
})
const modernBag = size(6.875, 10.5)
const modernBoard = size(6.75, 10.5)
const shortBox = size(8, 11.125, 15.5)
const longBox = size(8, 11.125, 28.75)

export const seedSpecs: Record<string, SeedSpecs> = {
  // Mylar sleeves
  B073TEQUFH: {
    kind: 'sleeve',
    fits: ['golden'],
    ...size(7.75, 10.5),
    thickness_mil: 2,
    material: 'mylar',
    pack_count: 50,
    ...ARCHIVAL,
  },
  B075BA6GYF: {
    kind: 'sleeve',
    fits: ['standard', 'silver'],
    ...size(7, 10.5),
    thickness_mil: 2,
    material: 'mylar',
    pack_count: 50,
    ...ARCHIVAL,
  },
  B076Z1RFVC: {
    kind: 'sleeve',
    fits: ['silver'],
    ...size(7.25, 10.5),
    thickness_mil: 4,
    material: 'mylar',
    pack_count: 50,
    ...ARCHIVAL,
  },
  B077USL46J: {
    kind: 'sleeve',
    fits: ['modern'],
    ...modernBag,
    thickness_mil: 2,
    material: 'mylar',
    pack_count: 50,
    ...ARCHIVAL,
  },
  B078QA2JJ9: {
    kind: 'sleeve',
    fits: ['silver'],
    ...size(7.25, 10.5),
    thickness_mil: 4,
    material: 'mylar',
    pack_count: 25,
    ...ARCHIVAL,
  },
  B07DNUAWT6: {
    kind: 'sleeve',
    fits: ['modern'],
    ...modernBag,
    thickness_mil: 2,
    material: 'mylar',
    pack_count: 100,
    ...ARCHIVAL,
  },
  B07FBCYZWG: {
    kind: 'sleeve',
    fits: ['modern'],
    ...modernBag,
    thickness_mil: 2,
    material: 'mylar',
    pack_count: 25,
    ...ARCHIVAL,
    resealable: true,
  },
  // Polypropylene bags
  B07NPW6S4K: {
    kind: 'bag-and-board',
    fits: ['modern'],
    ...modernBag,
    material: 'polypropylene',
    pack_count: 100,
    ...ARCHIVAL,
  },
  B07P2R1C09: {
    kind: 'bag',
    fits: ['silver'],
    ...size(7.125, 10.5),
    thickness_mil: 2,
    material: 'polypropylene',
    pack_count: 100,
    resealable: true,
  },
  B07PL1MST6: {
    kind: 'bag',
    fits: ['modern'],
    ...modernBag,
    material: 'polypropylene',
    pack_count: 100,
    ...ARCHIVAL,
    resealable: true,
  },
  B07UXN1ZEK: {
    kind: 'bag',
    fits: ['golden'],
    ...size(7.75, 10.5),
    thickness_mil: 3,
    material: 'polypropylene',
    pack_count: 100,
    ...ARCHIVAL,
  },
  B07ZSL8RU8: {
    kind: 'bag',
    fits: ['modern'],
    ...modernBag,
    thickness_mil: 1.5,
    material: 'polypropylene',
    pack_count: 200,
    ...ARCHIVAL,
  },
  B08377QZV1: {
    kind: 'bag',
    fits: ['modern'],
    ...modernBag,
    thickness_mil: 2,
    material: 'polypropylene',
    pack_count: 100,
    ...ARCHIVAL,
    resealable: true,
  },
  B085Y3ELYN: {
    kind: 'bag-and-board',
    fits: ['silver'],
    ...size(7.125, 10.5),
    material: 'polypropylene',
    pack_count: 100,
    ...ARCHIVAL,
    resealable: true,
  },
  // Polyethylene sleeves
  B08C6Q6Q0A: {
    kind: 'sleeve',
    fits: ['modern'],
    ...modernBag,
    thickness_mil: 1.5,
    material: 'polyethylene',
    pack_count: 100,
  },
  B08C9QKMJH: {
    kind: 'bag',
    fits: ['standard'],
    ...size(7.125, 10.5),
    thickness_mil: 1.5,
    material: 'polyethylene',
    pack_count: 100,
  },
  B08DE4NBWP: {
    kind: 'sleeve',
    fits: ['modern'],
    ...modernBag,
    thickness_mil: 2,
    material: 'polyethylene',
    pack_count: 250,
  },
  B08FZ5ZRM4: {
    kind: 'sleeve',
    fits: ['golden'],
    ...size(7.75, 10.5),
    material: 'polyethylene',
    pack_count: 100,
    ...ARCHIVAL,
  },
  B08MV1SMJ3: {
    kind: 'sleeve',
    fits: ['modern'],
    ...size(7, 10.5),
    thickness_mil: 2,
    material: 'polyethylene',
    pack_count: 500,
    resealable: true,
  },
  // Backing boards
  B08P75RDXA: {
    kind: 'board',
    fits: ['modern'],
    ...modernBoard,
    thickness_mil: 42,
    material: 'acid-free-board',
    pack_count: 50,
    ...ARCHIVAL,
    buffered: true,
  },
  B08RH54WT9: {
    kind: 'board',
    fits: ['silver'],
    ...size(7.125, 10.5),
    thickness_mil: 24,
    material: 'acid-free-board',
    pack_count: 100,
    ...ARCHIVAL,
    buffered: true,
  },
  B08TL5VJQ0: {
    kind: 'board',
    fits: ['modern'],
    ...modernBoard,
    thickness_mil: 24,
    material: 'acid-free-board',
    pack_count: 100,
    ...ARCHIVAL,
  },
  B093QQEFK8: {
    kind: 'board',
    fits: ['golden'],
    ...size(7.625, 10.5),
    thickness_mil: 24,
    material: 'acid-free-board',
    pack_count: 100,
    ...ARCHIVAL,
    buffered: true,
  },
  B098T7HZHA: {
    kind: 'board',
    fits: ['modern'],
    ...modernBoard,
    material: 'acid-free-board',
    pack_count: 100,
    ...ARCHIVAL,
  },
  B09MNB1EY5: {
    kind: 'board',
    fits: ['modern'],
    ...modernBoard,
    thickness_mil: 30,
    material: 'acid-free-board',
    pack_count: 100,
    ...ARCHIVAL,
  },
  // Short boxes
  B09YVUKLJP: { kind: 'box', fits: [...COMIC_ERAS], ...shortBox, material: 'corrugated', pack_count: 5, capacity: 150 },
  B0B00DZ5U6: { kind: 'box', fits: [...COMIC_ERAS], ...shortBox, material: 'corrugated', pack_count: 1, capacity: 150 },
  B0B32QEFJ4: {
    kind: 'box',
    fits: [...COMIC_ERAS],
    ...size(7.75, 11, 15),
    material: 'corrugated',
    pack_count: 5,
    capacity: 150,
  },
  B0B9TAN8Y1: { kind: 'box', fits: [...COMIC_ERAS], material: 'rigid-plastic', pack_count: 1, capacity: 150 },
  B0BBR64C4H: {
    kind: 'box',
    fits: [...COMIC_ERAS],
    ...size(8, 11.125, 15),
    material: 'corrugated',
    pack_count: 10,
    capacity: 160,
  },
  B0BCBHHHRY: {
    kind: 'box',
    fits: [...COMIC_ERAS],
    material: 'corrugated',
    pack_count: 10,
    capacity: 150,
    ...ARCHIVAL,
  },
  // Long boxes
  B0BHMAFBV4: { kind: 'box', fits: [...COMIC_ERAS], ...longBox, material: 'corrugated', pack_count: 5, capacity: 300 },
  B0BLJT2GUH: { kind: 'box', fits: [...COMIC_ERAS], ...longBox, material: 'corrugated', pack_count: 10, capacity: 300 },
  B0BM7UP5RL: { kind: 'box', fits: [...COMIC_ERAS], material: 'corrugated', pack_count: 5, capacity: 300 },
  B0BPAN95YA: { kind: 'box', fits: [...COMIC_ERAS], material: 'rigid-plastic', pack_count: 1, capacity: 300 },
  B0BPQ48SBH: { kind: 'box', fits: [...COMIC_ERAS], material: 'corrugated', pack_count: 3, capacity: 300 },
  // Magazine and treasury bags
  B0BRP5PYL2: {
    kind: 'bag',
    fits: ['magazine'],
    ...size(8.5, 11),
    thickness_mil: 2,
    material: 'polypropylene',
    pack_count: 100,
    ...ARCHIVAL,
  },
  B0BVTQSQGA: {
    kind: 'sleeve',
    fits: ['magazine'],
    ...size(8.75, 11.5),
    thickness_mil: 2,
    material: 'mylar',
    pack_count: 50,
    ...ARCHIVAL,
  },
  B0BX6ZEB54: {
    kind: 'bag',
    fits: ['magazine'],
    ...size(8.75, 11.125),
    material: 'polypropylene',
    pack_count: 100,
    ...ARCHIVAL,
    resealable: true,
  },
  B0BXPGCPGU: {
    kind: 'bag',
    fits: ['magazine'],
    ...size(8.75, 11.125),
    thickness_mil: 3,
    material: 'polypropylene',
    pack_count: 100,
    ...ARCHIVAL,
  },
  B0C0V1TB7C: {
    kind: 'bag',
    fits: ['treasury'],
    ...size(10.75, 13.75),
    thickness_mil: 2,
    material: 'polypropylene',
    pack_count: 25,
    ...ARCHIVAL,
  },
  // Toploaders
  B0C1SDG4Y5: { kind: 'toploader', fits: ['modern'], ...size(7.125, 10.75), material: 'rigid-plastic', pack_count: 10 },
  B0C8R0CD0B: { kind: 'toploader', fits: ['modern'], material: 'rigid-plastic', pack_count: 10 },
  B0C9M3KT5J: {
    kind: 'toploader',
    fits: ['silver'],
    ...size(7.5, 10.75),
    material: 'rigid-plastic',
    pack_count: 10,
    ...ARCHIVAL,
  },
  B0CJBBVDD2: { kind: 'toploader', fits: ['magazine'], ...size(8.75, 11.25), material: 'rigid-plastic', pack_count: 5 },
  B0CMFTJE7U: { kind: 'toploader', fits: ['modern'], material: 'rigid-plastic', pack_count: 5 },
  // Dividers
  B0CP4FXW2J: { kind: 'divider', fits: [...COMIC_ERAS], ...size(7.25, 11), material: 'rigid-plastic', pack_count: 25 },
  B0CS96UXJ1: { kind: 'divider', fits: [...COMIC_ERAS], ...size(7.25, 11), material: 'rigid-plastic', pack_count: 25 },
  B0CZ3QTQ7P: {
    kind: 'divider',
    fits: [...COMIC_ERAS],
    ...size(7.25, 11.5),
    material: 'rigid-plastic',
    pack_count: 20,
  },
  B0D1KMJ6WF: {
    kind: 'divider',
    fits: [...COMIC_ERAS],
    ...size(7.25, 11),
    material: 'acid-free-board',
    pack_count: 25,
    ...ARCHIVAL,
    buffered: true,
  },
  B0D5ZZ2B1P: { kind: 'divider', fits: ['magazine'], ...size(9, 12), material: 'rigid-plastic', pack_count: 25 },
  // Graded comic storage
  B0DBFVM7XY: { kind: 'graded-storage', ...size(8.25, 12.5, 16), material: 'corrugated', pack_count: 1, capacity: 20 },
  B0DC5X9K97: {
    kind: 'graded-storage',
    ...size(8.625, 12.625),
    thickness_mil: 2,
    material: 'polypropylene',
    pack_count: 100,
    ...ARCHIVAL,
    resealable: true,
  },
  B0DDQ6WE33: { kind: 'graded-storage', material: 'rigid-plastic', pack_count: 1 },
  B0DEEU1UKS: { kind: 'graded-storage', material: 'rigid-plastic', pack_count: 3, capacity: 25 },
  B0DKQ35S8U: { kind: 'graded-storage', material: 'rigid-plastic', pack_count: 6 },
}
