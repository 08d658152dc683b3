import { resetDbClient } from '../../lib/store/client';

// Keep-alive sockets of the DynamoDB client would hold a worker open after its last test.
afterAll(() => resetDbClient());
