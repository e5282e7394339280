// The server's Content-Security-Policy allows no eval (apps/server/src/security-headers.ts). Zod
// builds its object parsers with `new Function` where it may, and the browser reports even the
// probe it makes for that, caught, as a violation. Zod reads its configuration from this global
// when it loads, and the app's first schemas are made as its chunks load, before any code of
// main.tsx could call z.config; this plain script runs before every module of the page.
globalThis.__zod_globalConfig = { jitless: true };
