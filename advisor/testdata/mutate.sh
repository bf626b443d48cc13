#!/usr/bin/env bash
# mutate.sh — mutation check of the ranking penalties of advisor/risk.go.
#
# For each penalty constant it sets the size to 0 and to 3x its value in a
# copy of the module (its files as they are in the working tree when it
# starts; the working tree is never touched), runs
# `go test ./advisor/ ./` there and reports which tests failed. A penalty
# whose mutations fail no test is one no test holds to its size: the
# report says so and the script exits 1.
#
# Not part of the normal suite (it takes about a minute per mutation).
# Run from anywhere inside the module:
#
#   advisor/testdata/mutate.sh                 # every penalty
#   advisor/testdata/mutate.sh riskStale ...   # only these
#   MUTATIONS="0 3x" GOTEST_FLAGS="-count=1" advisor/testdata/mutate.sh
#
# A mutation replaces the constant's expression: "0" by 0, "3x" by
# 3 * (expression). Constants defined from the mutated one (riskTPHostPerGPU
# = 2 * riskTPLinkPerGPU) keep their own value, so that each mutation moves
# one penalty only.
set -euo pipefail

root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
penalties=(riskMarketplace riskMarketplaceRented riskSharedVCPU riskTPLinkPerGPU riskTPLinkMax
	riskTPHostPerGPU riskTPHostMax riskLegacy riskStale riskEstimate riskStep riskFewCores)
if (($# > 0)); then penalties=("$@"); fi
read -r -a mutations <<<"${MUTATIONS:-0 3x}"
flags=${GOTEST_FLAGS:--count=1}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The copy sits beside a link to the reference data, as the module does.
if [[ -e $root/../shared ]]; then ln -s "$(readlink -f "$root/../shared")" "$work/shared"; fi
copy=$work/gpupick

risk=advisor/risk.go
# One copy, taken now: the working tree may change while this runs.
mkdir -p "$copy"
git -C "$root" ls-files -z --cached --others --exclude-standard | (cd "$root" && xargs -0 cp --parents -t "$copy")
cp "$copy/$risk" "$work/risk.go"
# The expression of each risk constant: "name<TAB>expression" lines of the
# const block (only lines of the form `riskX = expression`).
consts=$(sed -nE 's/^\t(risk[A-Za-z0-9]+)[ \t]*=[ \t]*(.+)$/\1\t\2/p' "$work/risk.go")
expr_of() { awk -F'\t' -v n="$1" '$1 == n { print $2 }' <<<"$consts"; }

# The unmutated copy must pass, or no failure below means anything.
if ! base=$(cd "$copy" && go test $flags ./advisor/ ./ 2>&1); then
	echo "mutate.sh: the tests fail before any mutation:" >&2
	echo "$base" >&2
	exit 2
fi

undefended=()
printf '| penalty | value | mutation | tests that failed |\n|---|---|---|---|\n'
for name in "${penalties[@]}"; do
	expr=$(expr_of "$name")
	if [[ -z $expr ]]; then
		echo "mutate.sh: no constant $name in $risk" >&2
		exit 2
	fi
	caught=0
	for m in "${mutations[@]}"; do
		case $m in
		0) new=0 ;;
		*x) new="${m%x} * ($expr)" ;;
		*) echo "mutate.sh: mutation $m is neither 0 nor Nx" >&2; exit 2 ;;
		esac
		# Pin the constants defined from this one to their own value, then
		# mutate it.
		N=$name E="($expr)" NEW=$new perl -pe '
			if (/^\t$ENV{N}\s*=/) { s/=.*/= $ENV{NEW}/ }
			elsif (/^\trisk\w+\s*=/) { s{(=.*)}{ (my $r = $1) =~ s/\b$ENV{N}\b/$ENV{E}/g; $r }e }
		' "$work/risk.go" >"$copy/$risk"
		out=$(cd "$copy" && go test $flags ./advisor/ ./ 2>&1) && status=0 || status=$?
		failed=$(grep -oE -- '--- FAIL: [^ ]+' <<<"$out" | sed 's/--- FAIL: //; s|/.*||' | awk '!seen[$0]++' | paste -sd' ' || true)
		if ((status != 0)) && [[ -z $failed ]]; then
			failed="(build or run failed: $(grep -m1 -E 'FAIL|error|panic' <<<"$out" || true))"
		fi
		if [[ -n $failed ]]; then caught=$((caught + 1)); else failed="**none**"; fi
		printf '| %s | %s | %s | %s |\n' "$name" "$expr" "$new" "$failed"
	done
	if ((caught < ${#mutations[@]})); then undefended+=("$name"); fi
done
if ((${#undefended[@]} > 0)); then
	echo
	echo "A mutation of these moved no test: ${undefended[*]}"
	exit 1
fi
