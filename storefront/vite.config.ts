import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  server: {
    // `npm run dev -w @vela/storefront` talks to a running Vela server for its data.
    proxy: { '/graphql': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
});
