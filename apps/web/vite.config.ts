import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The manifest tells `npm run bench:web` which chunks each route loads.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true },
  server: {
    // During `npm run dev --workspace @ballast/web`, the server started by `npm start` answers these.
    proxy: {
      '/api': 'http://localhost:3000',
      '/sdk': 'http://localhost:3000',
      '/v1': 'http://localhost:3000',
      '/config.json': 'http://localhost:3000',
    },
  },
});
