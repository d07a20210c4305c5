import { GeneralErrorBoundary, notFoundHandler } from '#app/components/error-boundary.tsx'

// The pages under /admin/products (the edit panel, the import forms, an import's progress) fail inside the
// panel's navigation, with a way back to the list; a 404 names what was not found (docs/decisions/038).

const home = { to: '/admin/products', label: 'Back to Products' }

export const productsErrorBoundary = (notFound: string) =>
  function ProductsErrorBoundary() {
    return <GeneralErrorBoundary landmark={false} home={home} statusHandlers={notFoundHandler(notFound)} />
  }
