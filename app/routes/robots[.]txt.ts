import { getEnv } from '#app/lib/env.server.ts'

export function loader() {
  const body = [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /go/',
    'Disallow: /search',
    '',
    `Sitemap: ${getEnv().SITE_URL}/sitemap.xml`,
    '',
  ].join('\n')
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  })
}
