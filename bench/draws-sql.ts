// SQL pieces of the generated catalogues (bench/data.ts) and their copies (bench/shape-copies.ts): every "random"
// choice is a hash of the row number `g`, so the same count always gives the same rows.

/** `seed`'s hash of g: a whole number from 0 to 2^31 - 1. */
export const hashOfG = (seed: number) => `(hashint4extended(g, ${seed}) & 2147483647)`

/**
 * The uniform draws in [0, 1) each product takes, as columns named u_price … u_manual, from the hashes of g with
 * seeds `firstSeed` onwards.
 */
export function uniformDraws(firstSeed: number): string {
  const names = ['price', 'rating', 'reviews', 'flags', 'hidden', 'updated', 'created', 'manual']
  return names.map((name, at) => `${hashOfG(firstSeed + at)}::float8 / 2147483648 AS u_${name}`).join(',\n')
}

/** `prefix` and 8 base-36 digits of g scrambled by an odd multiplier prime to 36: unique for every g below 36^8. */
export const asinOfG = (prefix: string) => `'${prefix}' || (
  SELECT string_agg(substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', ((g::bigint * 1500000000007) % 2821109907456
         / (36::bigint ^ d)::bigint % 36)::int + 1, 1), '' ORDER BY d DESC)
  FROM generate_series(0, 7) AS d
)`

/**
 * The values the draws give a product's price, manual_price, rating, review_count, is_featured, soft_hidden,
 * last_updated, created_at and updated_at, in that order; `price` is the column holding its drawn price.
 */
export const drawnValues = (price: string) => `${price},
       CASE WHEN u_manual < 0.04 THEN round(${price} * 0.85, 2) END,
       round((3.0 + 2.0 * sqrt(u_rating))::numeric, 1),
       floor(power(u_reviews, 3) * 4000)::int,
       u_flags >= 0.95,
       u_hidden < 0.03,
       now() - interval '10 minutes' - u_updated * interval '5 hours',
       now() - interval '1 day' - u_created * interval '365 days',
       now() - interval '10 minutes' - u_updated * interval '5 hours'`
