import Benchmark
