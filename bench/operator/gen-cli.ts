import { ensureOperatorDataset } from './dataset';

const scale = Number(process.argv[2] ?? 0.01);
const ds = await ensureOperatorDataset(
  'postgres://postgres@127.0.0.1:5432/postgres',
  process.argv[3] ?? 'mintbox_bench_operator_small',
  scale,
  console.log,
);
console.log(ds.counts);
