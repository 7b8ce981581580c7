#!/bin/bash
# Attention-zoo BLEU after a common 200-step budget (docs/RESULTS.md, "the attention zoo").
# Usage: [THREADS=1] bash bench/zoo_bleu.sh [type ...]   (default: all, in the order below); one run at a time.
# THREADS (default 2): --train.threads; the RESULTS figures used 1 (2 threads on cores other jobs hold stall).
cd "$(dirname "$0")/.."
DATA=${MULTI30K_DIR:-../shared/data/multi30k}
MODELS=${MODELS:-runs/zoo}
mkdir -p "$MODELS"
declare -A FLAGS=(
  [sdpa]="--model.attention=sdpa"
  [exact-topk]="--model.attention=exact-topk --model.attention_options=topk=8"
  [local]="--model.attention=local --model.decoder_attention=local --model.cross_attention=sdpa --model.attention_options=window=8"
  [linear]="--model.attention=linear"
  [aft-simple]="--model.attention=aft-simple"
  [aft-full]="--model.attention=aft-full --model.decoder_attention=aft-full --model.cross_attention=sdpa"
  [conditional-full]="--model.attention=conditional-full --model.decoder_attention=conditional-full --model.cross_attention=sdpa --model.attention_options=threshold=16,window=8"
  [reformer]="--model.attention=reformer --model.decoder_attention=sdpa --model.cross_attention=sdpa --model.attention_options=chunk=8"
  [clustered]="--model.attention=clustered --model.decoder_attention=sdpa --model.cross_attention=sdpa --model.attention_options=clusters=8"
  [improved-clustered]="--model.attention=improved-clustered --model.decoder_attention=sdpa --model.cross_attention=sdpa --model.attention_options=clusters=8,topk=8"
  [square]="--model.attention=square"
)
ORDER="sdpa exact-topk local linear aft-simple aft-full conditional-full reformer clustered improved-clustered square"
for t in ${@:-$ORDER}; do
  log=$MODELS/zoo-$t.log
  {
    echo "== $t start $(date -u +%FT%TZ)"
    cmd="python train.py --preset cpu --data-dir $DATA --train.max_steps=200 --train.time_budget=0 --train.threads=${THREADS:-2} --train.val_beam=1 --train.val_max_sentences=64 --out $MODELS/zoo-$t ${FLAGS[$t]}"
    echo "+ $cmd"; $cmd; echo "== train rc=$? $(date -u +%FT%TZ)"
    cmd="python evaluate.py --checkpoint $MODELS/zoo-$t/best.pt --split test_2016_flickr --data-dir $DATA --beam 1"
    echo "+ $cmd"; $cmd; echo "== eval rc=$? $(date -u +%FT%TZ)"
  } > "$log" 2>&1
done
