import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    // During `npm run dev --workspace @ballast/web`, the server started by `npm start` answers these.
    proxy: { '/api': 'http://localhost:3000', '/config.json': 'http://localhost:3000' },
  },
});
