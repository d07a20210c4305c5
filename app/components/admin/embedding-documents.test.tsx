import { parse } from 'node-html-parser'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom/server'
import { describe, expect, test } from 'vitest'
import { documentEditorPath, EmbeddedIn, usedInText, UsedIn, type EmbeddingDocument } from './embedding-documents.tsx'

// Where a product is embedded, as the edit panel and the Link health tab draw it.

const guide = (id: number, title: string, status = 'published'): EmbeddingDocument => ({
  id,
  kind: 'guide',
  slug: title.toLowerCase().replaceAll(' ', '-'),
  title,
  status,
})
const faq: EmbeddingDocument = { id: 9, kind: 'page', slug: 'faq', title: 'FAQ', status: 'published' }

const html = (element: React.ReactElement) =>
  parse(renderToString(<StaticRouter location="/admin/products/1">{element}</StaticRouter>))
const links = (root: ReturnType<typeof parse>) =>
  root.querySelectorAll('a').map((a) => [a.textContent, a.getAttribute('href')])

describe('where a product is embedded', () => {
  test('a guide opens in the guide editor by id, a page in the page editor by slug', () => {
    expect(documentEditorPath(guide(4, 'Golden Age'))).toBe('/admin/guides/4')
    expect(documentEditorPath(faq)).toBe('/admin/pages/faq')
  })

  test.each([
    [[], 'Not used in any guide or page'],
    [[guide(1, 'A')], 'Used in 1 guide'],
    [[guide(1, 'A'), guide(2, 'B')], 'Used in 2 guides'],
    [[faq], 'Used in 1 page'],
    [[guide(1, 'A'), guide(2, 'B'), faq], 'Used in 2 guides and 1 page'],
  ])('%j reads "%s"', (documents, text) => {
    expect(usedInText(documents)).toBe(text)
  })

  test('the edit panel names each document with its link, and a guide that is not live with its state', () => {
    const root = html(<UsedIn documents={[guide(1, 'Boxes'), guide(2, 'Sleeves', 'draft'), faq]} />)
    expect(root.querySelector('h3')?.textContent).toBe('Used in 2 guides and 1 page')
    expect(links(root)).toEqual([
      ['Boxes', '/admin/guides/1'],
      ['Sleeves', '/admin/guides/2'],
      ['FAQ', '/admin/pages/faq'],
    ])
    const items = root.querySelectorAll('li').map((li) => li.textContent)
    expect(items).toEqual(['Boxes', 'SleevesDraft', 'FAQ (page)'])
  })

  test('with none, the panel says so and lists nothing', () => {
    const root = html(<UsedIn documents={[]} />)
    expect(root.querySelector('h3')?.textContent).toBe('Not used in any guide or page')
    expect(root.querySelectorAll('li')).toHaveLength(0)
  })

  test('a Link health row reads "In: A, B" with links; nothing at all when the product is in none', () => {
    const root = html(<EmbeddedIn documents={[guide(1, 'Boxes'), faq]} moreTo="/admin/products/7" />)
    expect(root.textContent).toBe('In: Boxes, FAQ')
    expect(links(root)).toEqual([
      ['Boxes', '/admin/guides/1'],
      ['FAQ', '/admin/pages/faq'],
    ])
    expect(renderToString(<EmbeddedIn documents={[]} moreTo="/admin/products/7" />)).toBe('')
  })

  test('a row names three, then how many more, leading to the product’s panel that lists them all', () => {
    const documents = [guide(1, 'A'), guide(2, 'B'), guide(3, 'C'), guide(4, 'D'), guide(5, 'E')]
    const root = html(<EmbeddedIn documents={documents} moreTo="/admin/products/7" />)
    expect(root.textContent).toBe('In: A, B, C and 2 more')
    expect(links(root).at(-1)).toEqual(['2 more', '/admin/products/7'])
    expect(html(<EmbeddedIn documents={documents.slice(0, 4)} moreTo="/x" />).textContent).toBe(
      'In: A, B, C and 1 more',
    )
  })
})
