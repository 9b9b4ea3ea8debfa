import { describeRouteFuzz } from '../testing/route-fuzz';

// Every route as every caller with hostile input: a quarter of the routes here, the rest in the other
// route-fuzz-*.test.ts files (testing/route-fuzz.ts says why they are four).
describeRouteFuzz({ shard: 2, shards: 4 });
