import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

const backbeatServer = 'http://127.0.0.1:8080';

// The dark theme's night colour (--color-night in src/index.css): the installed app's title bar and splash.
const nightColour = '#09080f';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The service worker (src/sw.ts) is built only by `vite build`: `vite dev` registers none.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        // The manifest and its icons are added by the plugin.
        globPatterns: ['**/*.{js,css,html,svg}', 'apple-touch-icon.png'],
      },
      manifest: {
        id: '/',
        name: 'Backbeat',
        short_name: 'Backbeat',
        description: 'Stream music by independent artists, keep it for offline listening, and pay the artists you play.',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        theme_color: nightColour,
        background_color: nightColour,
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': backbeatServer,
      '/auth': backbeatServer,
      '/healthz': backbeatServer,
      '/media': backbeatServer,
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: in chunks of their own they stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 20 },
            // The chart libraries stay out: only the earnings chart, loaded on demand, draws with them.
            { name: 'vendor', test: /node_modules[\\/](?!chart\.js[\\/]|react-chartjs-2[\\/]|@kurkle[\\/])/, priority: 10 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
});
