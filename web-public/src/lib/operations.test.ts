import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeRequestError, businessException } from './errors';
import { executeOverHttp, FRESH_FOR_MS, GraphQLErrors, Operations, RequestError } from './operations';
import { RESIDENCE } from '../components/Residence/residence';
import { BOOK_APARTMENT } from '../pages/booking/Step2.graphql';

const building = { building: { id: 1, name: 'Neckarblick', address: 'Am Fluss 1', contact: { email: 'a@b.de', phone: '1' } } };

function answer(status: number, body: unknown, headers: Record<string, string> = { 'Content-Type': 'application/json' }) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers });
}

afterEach(() => vi.unstubAllGlobals());

describe('executeOverHttp', () => {
  it('posts the printed operation and its variables to the gateway and resolves to the data', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(200, { data: building }));
    vi.stubGlobal('fetch', fetch);
    expect(await executeOverHttp(BOOK_APARTMENT, { aid: 3, sid: 7 })).toEqual(building);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/graphql');
    const body = JSON.parse(init.body as string) as { query: string; variables: unknown };
    expect(body.variables).toEqual({ aid: 3, sid: 7 });
    expect(body.query).toMatch(/^query BookApartment\(\$aid: Int!, \$sid: Int!\)/);
    // The fragments the operation spreads travel with it.
    expect(body.query).toContain('fragment ApartmentDetail on Apartment');
  });

  it('turns GraphQL errors into errors the screens describe and read business exceptions from', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(200, { errors: [{ message: 'No Apartment found with id 9', extensions: { messageId: 'NO_APARTMENT', params: { id: 9 } } }] })));
    const error = await executeOverHttp(RESIDENCE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphQLErrors);
    expect(describeRequestError(error)).toEqual({ text: 'No Apartment found with id 9' });
    expect(businessException(error)).toEqual({ messageId: 'NO_APARTMENT', params: [{ key: 'id', value: '9' }] });
  });

  it('turns a refusal without a GraphQL body into a request error with its status and Retry-After', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(429, 'slow down', { 'Content-Type': 'text/plain', 'Retry-After': '150' })));
    const error = await executeOverHttp(RESIDENCE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(describeRequestError(error)).toEqual({ key: 'errors.tooManyRequests', values: { minutes: '3' } });
  });
});

describe('Operations', () => {
  it('asks once for the same operation and variables, and again for other variables', async () => {
    const execute = vi.fn().mockResolvedValue(building);
    const operations = new Operations(execute);
    await Promise.all([operations.query(RESIDENCE), operations.query(RESIDENCE)]);
    expect(execute).toHaveBeenCalledTimes(1);
    await operations.query(BOOK_APARTMENT, { aid: 1, sid: 7 });
    await operations.query(BOOK_APARTMENT, { aid: 2, sid: 7 });
    await operations.query(BOOK_APARTMENT, { aid: 1, sid: 7 });
    expect(execute).toHaveBeenCalledTimes(3);
    // Fresh: the kept answer was asked for just now.
    await operations.query(RESIDENCE, undefined, true);
    expect(execute).toHaveBeenCalledTimes(3);
  });

  it('takes an answer asked for within FRESH_FOR_MS when asked fresh, and asks anew after that', async () => {
    vi.useFakeTimers();
    try {
      const execute = vi.fn().mockResolvedValue(building);
      const operations = new Operations(execute);
      await operations.query(RESIDENCE, undefined, true);
      vi.advanceTimersByTime(FRESH_FOR_MS - 1);
      await operations.query(RESIDENCE, undefined, true);
      expect(execute).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      await operations.query(RESIDENCE, undefined, true);
      expect(execute).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps no failed answer: the next screen asks again', async () => {
    const execute = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(building);
    const operations = new Operations(execute);
    await expect(operations.query(RESIDENCE)).rejects.toThrow('offline');
    await expect(operations.query(RESIDENCE)).resolves.toEqual(building);
    expect(execute).toHaveBeenCalledTimes(2);
  });

  it('keeps at most 64 answers, dropping the oldest', async () => {
    const execute = vi.fn().mockResolvedValue(building);
    const operations = new Operations(execute);
    for (let aid = 0; aid < 65; aid++) await operations.query(BOOK_APARTMENT, { aid, sid: 1 });
    await operations.query(BOOK_APARTMENT, { aid: 64, sid: 1 });
    expect(execute).toHaveBeenCalledTimes(65);
    await operations.query(BOOK_APARTMENT, { aid: 0, sid: 1 });
    expect(execute).toHaveBeenCalledTimes(66);
  });
});
