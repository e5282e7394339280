import { type Db, schema } from '@ballast/db';
import { and, eq } from 'drizzle-orm';
import { protocolId } from '../crypto/tokens.ts';
import { IdentityError } from '../identity-error.ts';
import type { Project } from '../protocol/projects.ts';

const { identityUsers, identityCryptoWallets } = schema;

export type WalletType = 'ethereum';

export type Wallet = { walletId: string; userId: string; address: string; walletType: WalletType };

/** The wallet with this (lower-cased) address in the project, if anyone has proven it. */
export async function findWallet(
  db: Db,
  project: Project,
  walletType: WalletType,
  address: string,
): Promise<Wallet | undefined> {
  const [row] = await db
    .select({ walletId: identityCryptoWallets.id, userId: identityCryptoWallets.userId })
    .from(identityCryptoWallets)
    .where(
      and(
        eq(identityCryptoWallets.projectId, project.id),
        eq(identityCryptoWallets.walletType, walletType),
        eq(identityCryptoWallets.address, address),
      ),
    );
  return row ? { ...row, address, walletType } : undefined;
}

/**
 * The user a wallet signs in as, created with the wallet on its first sign-in. Two first
 * sign-ins racing end with one user: the loser's insert meets the unique index, its user is
 * dropped in the same transaction, and it signs in as the winner's.
 */
export async function findOrCreateWalletUser(
  db: Db,
  project: Project,
  walletType: WalletType,
  address: string,
): Promise<Wallet> {
  const existing = await findWallet(db, project, walletType, address);
  if (existing) return existing;
  const userId = protocolId('user', project.environment);
  const walletId = protocolId('crypto-wallet', project.environment);
  const created = await db.transaction(async (tx) => {
    await tx.insert(identityUsers).values({ id: userId, projectId: project.id });
    const [row] = await tx
      .insert(identityCryptoWallets)
      .values({ id: walletId, userId, projectId: project.id, walletType, address })
      .onConflictDoNothing()
      .returning({ id: identityCryptoWallets.id });
    if (!row) await tx.delete(identityUsers).where(eq(identityUsers.id, userId));
    return row !== undefined;
  });
  if (created) return { walletId, userId, address, walletType };
  const winner = await findWallet(db, project, walletType, address);
  if (!winner) throw new Error('The crypto wallet could not be stored.');
  return winner;
}

/** Adds a proven wallet to a user; a wallet already proven by another user stays theirs. */
export async function addWalletToUser(
  db: Db,
  project: Project,
  userId: string,
  walletType: WalletType,
  address: string,
): Promise<Wallet> {
  const walletId = protocolId('crypto-wallet', project.environment);
  const [row] = await db
    .insert(identityCryptoWallets)
    .values({ id: walletId, userId, projectId: project.id, walletType, address })
    .onConflictDoNothing()
    .returning({ id: identityCryptoWallets.id });
  if (row) return { walletId, userId, address, walletType };
  const owned = await findWallet(db, project, walletType, address);
  if (!owned) throw new Error('The crypto wallet could not be stored.');
  if (owned.userId !== userId) throw new IdentityError('duplicate_wallet_address');
  return owned;
}
