import { type Db, schema } from '@ballast/db';
import { eq } from 'drizzle-orm';
import { IdentityError } from '../identity-error.ts';

const { identityProjects } = schema;

export type Project = {
  id: string;
  publicToken: string;
  name: string;
  /** `public-token-test-…` tokens belong to test projects, as in the SDK. */
  environment: 'test' | 'live';
};

export type ProjectStore = {
  /** The project a public token belongs to, or public_token_not_found. */
  byPublicToken(publicToken: string): Promise<Project>;
  byId(projectId: string): Promise<Project>;
  /** Creates the project once; later calls find it. */
  ensure(input: { publicToken: string; name: string }): Promise<Project>;
};

export function createProjectStore(db: Db): ProjectStore {
  const cache = new Map<string, Project>();

  function toProject(row: typeof identityProjects.$inferSelect): Project {
    return {
      id: row.id,
      publicToken: row.publicToken,
      name: row.name,
      environment: row.publicToken.startsWith('public-token-test-') ? 'test' : 'live',
    };
  }

  return {
    async byPublicToken(publicToken) {
      const cached = cache.get(publicToken);
      if (cached) return cached;
      const [row] = await db
        .select()
        .from(identityProjects)
        .where(eq(identityProjects.publicToken, publicToken));
      if (!row) throw new IdentityError('public_token_not_found');
      const project = toProject(row);
      cache.set(publicToken, project);
      return project;
    },
    async byId(projectId) {
      const [row] = await db
        .select()
        .from(identityProjects)
        .where(eq(identityProjects.id, projectId));
      if (!row) throw new IdentityError('not_found');
      return toProject(row);
    },
    async ensure({ publicToken, name }) {
      const environment = publicToken.startsWith('public-token-test-') ? 'test' : 'live';
      await db
        .insert(identityProjects)
        .values({ id: `project-${environment}-${crypto.randomUUID()}`, publicToken, name })
        .onConflictDoNothing({ target: identityProjects.publicToken });
      return this.byPublicToken(publicToken);
    },
  };
}
