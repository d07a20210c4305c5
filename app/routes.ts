import { flatRoutes } from '@remix-run/fs-routes'
import type { RouteConfig } from '@remix-run/route-config'
import { ignoredRouteFiles } from '../remix.config.js'

export default flatRoutes({ ignoredRouteFiles }) satisfies RouteConfig
