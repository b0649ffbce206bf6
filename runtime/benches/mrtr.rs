//! MRTR round benchmarks (filled in below once the test wizard exists).
use criterion::{Criterion, criterion_group, criterion_main};

fn rounds(_c: &mut Criterion) {}

criterion_group!(benches, rounds);
criterion_main!(benches);
