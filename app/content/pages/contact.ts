// The default introduction of /contact, above its form (app/content/default-pages.ts); the form stays in code.
export const body = `A question about a bag size, a product you think we should list, a broken link or a review? Send us a message.
`
