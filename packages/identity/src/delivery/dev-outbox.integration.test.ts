import { schema } from '@ballast/db';
import { createTestDatabase, type TestDatabase } from '@ballast/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDevOutbox } from './dev-outbox.ts';

describe('dev outbox', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL);
  });
  afterAll(() => database.dispose());
  beforeEach(async () => {
    await database.db.delete(schema.identityOutbox);
  });

  it('keeps each message with its text, newest first', async () => {
    const outbox = createDevOutbox(database.db);
    await outbox.send({
      channel: 'email',
      to: 'ada@example.com',
      subject: 'Your sign-in link',
      text: 'Sign in: https://ballast.test/authenticate?token=first',
    });
    await outbox.send({ channel: 'sms', to: '+15555550123', subject: '', text: 'Code 123456' });
    await outbox.send({
      channel: 'whatsapp',
      to: '+15555550123',
      subject: '',
      text: 'Code 654321',
    });

    const messages = await outbox.list();
    expect(messages.map((message) => message.text)).toEqual([
      'Code 654321',
      'Code 123456',
      'Sign in: https://ballast.test/authenticate?token=first',
    ]);
    expect(messages[2]).toEqual({
      id: expect.any(String),
      to: 'ada@example.com',
      channel: 'email',
      subject: 'Your sign-in link',
      text: 'Sign in: https://ballast.test/authenticate?token=first',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(new Set(messages.map((message) => message.id)).size).toBe(3);
  });

  it('lists a new message first even when the clock reads no later than the last one', async () => {
    // What a burst within one millisecond of PGlite's clock, or a clock stepped back, looks like.
    await database.db.insert(schema.identityOutbox).values({
      channel: 'sms',
      recipient: '+15555550123',
      text: 'Code 111111',
      createdAt: new Date(Date.now() + 60_000),
    });
    const outbox = createDevOutbox(database.db);
    await outbox.send({ channel: 'sms', to: '+15555550123', subject: '', text: 'Code 222222' });

    expect((await outbox.list()).map((message) => message.text)).toEqual([
      'Code 222222',
      'Code 111111',
    ]);
  });

  it('deletes the oldest messages beyond maxMessages', async () => {
    const outbox = createDevOutbox(database.db, { maxMessages: 3 });
    for (let index = 1; index <= 5; index++) {
      await outbox.send({ channel: 'sms', to: '+15555550123', subject: '', text: `Code ${index}` });
    }

    expect((await outbox.list()).map((message) => message.text)).toEqual([
      'Code 5',
      'Code 4',
      'Code 3',
    ]);
    expect(await database.db.$count(schema.identityOutbox)).toBe(3);
  });

  it('lists only the newest `limit` messages', async () => {
    const outbox = createDevOutbox(database.db);
    for (let index = 1; index <= 3; index++) {
      await outbox.send({ channel: 'sms', to: '+15555550123', subject: '', text: `Code ${index}` });
    }

    expect((await outbox.list(2)).map((message) => message.text)).toEqual(['Code 3', 'Code 2']);
  });

  it('refuses a bound that is not a positive integer', () => {
    expect(() => createDevOutbox(database.db, { maxMessages: 0 })).toThrow(/positive integer/);
  });
});
