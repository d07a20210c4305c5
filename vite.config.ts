import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { future } from './remix.config.js'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig({
  server: { port: 3000 },
  build: { target: 'es2022', assetsInlineLimit: 0 },
  plugins: [tailwindcss(), remix({ future })],
})
