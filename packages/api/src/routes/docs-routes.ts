import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { buildOpenApiDocument, routes } from '@ballast/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const require = createRequire(import.meta.url);
const SWAGGER_UI_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));

/**
 * `GET /openapi.json`, the document derived from the contract's route table, and `GET /docs`, an
 * interactive reference of it. The viewer's files are served from the installed package, so the
 * page works on a server with no internet access.
 */
export async function registerDocsRoutes(app: FastifyInstance): Promise<void> {
  // Built on first request, not at every start: few servers are ever asked for it.
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  app.get('/openapi.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    document ??= buildOpenApiDocument(routes, {
      title: 'Ballast provider API',
      version: '0.0.0',
      serverUrl: '/api',
    });
    return document;
  });
  await app.register(fastifyStatic, {
    root: SWAGGER_UI_DIR,
    prefix: '/docs/assets/',
    decorateReply: false,
    allowedPath: (path) =>
      /^\/(swagger-ui\.css|swagger-ui-bundle\.js|favicon-32x32\.png)$/.test(path),
  });
  app.get('/docs', async (_request, reply) =>
    reply.type('text/html').header('cache-control', 'no-cache').send(DOCS_PAGE),
  );
  app.get('/docs/init.js', async (_request, reply) =>
    reply.type('text/javascript').send(DOCS_INIT),
  );
}

const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="robots" content="noindex" />
    <title>API reference | Ballast</title>
    <link rel="icon" href="/api/docs/assets/favicon-32x32.png" />
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true });\n`;
