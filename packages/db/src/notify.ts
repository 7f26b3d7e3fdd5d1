import pg from 'pg';

/**
 * PostgreSQL notifications for cross-node fan-out without Redis (ARCHITECTURE.md (Production and scale)): one dedicated connection
 * that LISTENs on a channel (reconnecting after a drop) and a small pool that NOTIFYs.
 */
export interface NotifyChannel {
  notify(payload: string): Promise<void>;
  close(): Promise<void>;
}

export function openNotifyChannel(
  databaseUrl: string,
  channel: string,
  onPayload: (payload: string) => void,
  onError: (error: unknown) => void,
): NotifyChannel {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new RangeError('channel must be a plain identifier');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', onError);
  let listener: pg.Client | undefined;
  let closed = false;
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', (error) => {
      onError(error);
      if (!closed) setTimeout(() => void connect().catch(onError), 1000);
    });
    client.on('notification', (note) => {
      if (note.channel === channel && note.payload) onPayload(note.payload);
    });
    await client.connect();
    await client.query(`listen ${channel}`);
    if (closed) await client.end();
    else listener = client;
  };
  const ready = connect().catch(onError);
  return {
    async notify(payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      await ready;
      await listener?.end().catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
}
