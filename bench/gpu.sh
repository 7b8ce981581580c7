#!/usr/bin/env bash
# The GPU checks, as one script for a lent GPU machine (figures: docs/RESULTS.md, "GPU"):
#   1. a 30-step smoke run of train.py on the GPU (nothing else runs if it fails)
#   2. the step's tokens/s there: sdpa and full attention, bf16 autocast and fp32 (bench/loop.py), on a quiet GPU
#   3. time to BLEU: --preset cpu in bf16 with a 60-second budget, then test_2016_flickr, on a quiet GPU
#   4. recipes at the CPU's step budgets in fp32, side by side on the one GPU (bench/grid.py), and meanwhile
#   5. the CUDA tests (tests/test_cuda.py, the loss on the GPU in tests/test_step.py)
# It needs, beside the checkout (git-ignored, carried to the machine):
#   .gpu/data/multi30k/  Multi30K's six .gz files
#   .gpu/cache/          prepared caches (EINSUM_NMT_CACHE), made on the CPU machine: optional, saves a minute
#   .gpu/site.tar.xz     spaCy and its needs, unpacked for the GPU machine's Python where it has no spaCy
#
#   OUT=/tmp/out bash bench/gpu.sh [RECIPES]     # RECIPES: bench/recipes/gpu-issue30.txt
#   OUT=/tmp/out STAGES="grid" GRID_SECONDS=480 bash bench/gpu.sh bench/recipes/gpu-issue30-equal.txt
# STAGES: which of speed, ttb (time to BLEU), grid, tests run after the smoke run (default: all four)
set -u
OUT=${OUT:?set OUT to a directory for the log and the summaries}
RECIPES=${1:-bench/recipes/gpu-issue30.txt}
STAGES=" ${STAGES:-speed ttb grid tests} "
has() { [[ $STAGES == *" $1 "* ]]; }
D=.gpu/data/multi30k
export EINSUM_NMT_CACHE=$PWD/.gpu/cache PYTHONUNBUFFERED=1
if ! python3 -c "import spacy" 2> /dev/null; then
  mkdir -p /tmp/site && tar -xJf .gpu/site.tar.xz -C /tmp/site && export PYTHONPATH=/tmp/site
fi
T0=$(date +%s)
stamp() { echo "== $(( $(date +%s) - T0 )) s: $*"; }
{
  stamp environment
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv
  lscpu | grep -E '^(Model name|CPU\(s\))'
  python3 -c "import torch, spacy, sentencepiece, sacrebleu; spacy.blank('de')
gpu = torch.cuda.get_device_name() if torch.cuda.is_available() else 'no GPU'
print('torch', torch.__version__, 'cuda', torch.version.cuda, gpu, 'spacy', spacy.__version__)" || exit 3
  stamp smoke
  if ! timeout 120 python3 train.py --preset cpu --data-dir $D --train.max_steps=30 --train.time_budget=0 \
      --train.final_beam=0 --train.val_max_sentences=50 --out /tmp/smoke > /tmp/smoke.log 2>&1; then
    tail -30 /tmp/smoke.log
    exit 4
  fi
  grep -E 'parameters on|done:' /tmp/smoke.log
  if has speed; then
    stamp speed
    for attention in sdpa full; do
      for precision in bf16 fp32; do
        timeout 50 python3 bench/loop.py --data-dir $D --preset cpu --steps 30 --rounds 1 --warmup 5 \
          --model.attention=$attention --train.precision=$precision 2>&1 | grep -E '^(step alone)' \
          | sed "s/^/$attention $precision: /"
      done
    done
  fi
  if has ttb; then
    stamp time to BLEU
    timeout 150 python3 train.py --preset cpu --data-dir $D --train.time_budget=60 --out /tmp/ttb > /tmp/ttb.log 2>&1
    grep -E 'parameters on|done:' /tmp/ttb.log
    grep -v '"kind": "step"' /tmp/ttb/metrics.jsonl
    timeout 60 python3 evaluate.py --checkpoint /tmp/ttb/best.pt --split test_2016_flickr --data-dir $D | tail -4
  fi
  stamp grid and tests
  has grid && python3 bench/grid.py --data-dir $D --out /tmp/grid --deadline "${GRID_SECONDS:-300}" "$RECIPES" \
    > /tmp/grid.log 2>&1 &
  has tests && EINSUM_NMT_CUDA_TESTS=1 timeout 240 python3 -m pytest -q -rfE -p no:cacheprovider tests/test_cuda.py \
    tests/test_step.py 2>&1 | tail -40
  stamp tests done
  wait
  has grid && cat /tmp/grid.log
  stamp end
} 2>&1 | tee "$OUT/gpu.log"
cp /tmp/grid/summary.md "$OUT/" 2>/dev/null
for log in /tmp/grid/*.log; do tail -c 3000 "$log" > "${log%.log}.tail"; done
tar -czf "$OUT/runs.tar.gz" /tmp/ttb/metrics.jsonl /tmp/ttb/config.json /tmp/grid/*/metrics.jsonl \
  /tmp/grid/*/config.json /tmp/grid/*.test /tmp/grid/*.tail /tmp/smoke.log 2>/dev/null
true
