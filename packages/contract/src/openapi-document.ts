import type { HttpMethod } from './routes/define-route.ts';

/** The shape of the OpenAPI 3.1 document that `buildOpenApiDocument` derives from the route table. */

export type JsonSchema = { [keyword: string]: unknown };

export type OpenApiParameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
  style?: 'form';
  explode?: boolean;
};

export type OpenApiMediaType = { schema: JsonSchema };

export type OpenApiRequestBody = {
  required: boolean;
  content: Record<string, OpenApiMediaType>;
};

export type OpenApiResponse = {
  description: string;
  content?: Record<string, OpenApiMediaType>;
};

export type OpenApiOperation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: OpenApiParameter[];
  requestBody?: OpenApiRequestBody;
  responses: Record<string, OpenApiResponse>;
  security?: Array<Record<string, string[]>>;
};

export type OpenApiPathItem = { [M in Lowercase<HttpMethod>]?: OpenApiOperation };

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, OpenApiPathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: {
      bearerAuth: { type: 'http'; scheme: 'bearer'; bearerFormat: 'JWT' };
    };
  };
};

export type OpenApiOptions = {
  title: string;
  version: string;
  /** Where the routes are mounted, absolute (`https://…/api`) or relative to the document (`/api`). */
  serverUrl: string;
  description?: string;
};
