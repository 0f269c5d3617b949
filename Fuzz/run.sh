#!/usr/bin/env bash
# Fuzzes every parser module with libFuzzer for a fixed budget each:
#
#   Fuzz/run.sh [SECONDS] [MODULE ...]      default: 60 s each for every folder under Plugins/
#
# A module `Name` is fuzzed through `NameModule()` (the convention every built-in module
# follows), so a new source needs nothing here: its entry point is written into .build/fuzz,
# and it is seeded with its own Cases/ unless a line below names better seeds.
#
# FUZZ_MAX_LEN sets the largest input (default: 16 kB for the index, 64 kB for the others).
# Each module is built with its plugin API (and the JSON reader beneath it) by `swiftc -sanitize=fuzzer,address` into
# .build/fuzz/<Module>/fuzz and seeded with the shared corpus (Tests/Corpus, cut into pieces
# of at most the input size). New interesting inputs collect in .build/fuzz/<Module>/corpus
# and carry over to the next run; a crash leaves its input in .build/fuzz/<Module>/crash-*
# and makes this script fail. Add such an input to the module's FuzzRegressionTests.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
modules=("$@")
if [ ${#modules[@]} -eq 0 ]; then
  for folder in Plugins/*/; do modules+=("$(basename "$folder")"); done
fi
out=.build/fuzz
mkdir -p "$out"

# One package name for all, as SwiftPM gives the targets of one package: the RFC index module
# makes its entries through the plugin API's `package` initializer.
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -package-name reader -I "$out")

# A toolchain without libFuzzer (Xcode's swiftc on macOS, for one) cannot do this: say so and stop.
printf '@_cdecl("LLVMFuzzerTestOneInput") public func f(_ d: UnsafePointer<UInt8>?, _ n: Int) -> CInt { 0 }\n' > "$out/probe.swift"
if ! swiftc -sanitize=fuzzer,address -parse-as-library "$out/probe.swift" -o "$out/probe" > "$out/probe.log" 2>&1; then
  echo "fuzz: SKIPPED, this Swift toolchain cannot build libFuzzer targets:"
  grep -m3 error "$out/probe.log" || true
  exit 0
fi

# Compiles the Swift files of module $1 (from folder $2) into $out/$1.o and its interface.
compile_module() {
  local name=$1 folder=$2 stamp="$out/$1.o"
  shift 2
  if [ -f "$stamp" ] && [ -z "$(find "$folder" Sources/ReaderPluginAPI Sources/ReaderJSON -name '*.swift' -newer "$stamp" | head -1)" ]; then return; fi
  local sources=()
  while IFS= read -r file; do sources+=("$file"); done < <(find "$folder" -name '*.swift' -not -path '*/Cases/*' | sort)
  swiftc "${flags[@]}" "$@" -module-name "$name" -wmo -emit-module -emit-module-path "$out/$name.swiftmodule" \
    -c "${sources[@]}" -o "$stamp" 2>&1 | grep -v "warning: Cannot export local symbol" || true
  [ -f "$stamp" ] || { echo "fuzz: cannot build $name"; exit 1; }
}

# Seeds: every corpus file of the module's kind, cut into pieces of at most $2 bytes.
seed() {
  local module=$1 size=$2 seeds="$out/$1/seeds"
  shift 2
  rm -rf "$seeds" && mkdir -p "$seeds"
  for file in "$@"; do
    split -b "$size" -a 3 "$file" "$seeds/$(basename "$(dirname "$file")")-$(basename "$file")."
  done
}

# The JSON reader and writer first: the plugin API and two modules use them.
compile_module ReaderJSON Sources/ReaderJSON
compile_module ReaderPluginAPI Sources/ReaderPluginAPI
status=0
summary=()
for module in "${modules[@]}"; do
  extra=()
  # The modules a module depends on (Package.swift's moduleDependencies), built and linked first.
  deps=()
  case $module in
    RFCIndex) size=16384; files=(Tests/Corpus/rfc/rfc-index.txt) ;;
    RFCText) size=65536; files=(Tests/Corpus/rfc/rfc*.txt) ;;
    Tweets) size=65536; files=(Tests/Corpus/twitter/*.json Tests/Corpus/twitter/*.js) ;;
    Drafts) size=65536; files=(Tests/Corpus/drafts/*.txt); deps=(RFCText) ;;
    HTML) size=65536; files=(Tests/Corpus/html/*/source.html); extra=(-I Sources/CLibXML2 $(pkg-config --cflags libxml-2.0 | sed 's/-I/-Xcc -I/g') -lxml2) ;;
    *)
      [ -d "Plugins/$module" ] || { echo "fuzz: no module $module"; exit 64; }
      size=65536; files=(Plugins/"$module"/Cases/*) ;;
  esac
  size=${FUZZ_MAX_LEN:-$size}
  dep_objects=()
  for dep in "${deps[@]}"; do compile_module "$dep" "Plugins/$dep"; dep_objects+=("$out/$dep.o"); done
  compile_module "$module" "Plugins/$module" "${extra[@]}"
  binary="$out/$module/fuzz"
  mkdir -p "$out/$module/corpus"
  entry="$out/$module/Entry.swift"
  printf 'import %s\n\n@_cdecl("LLVMFuzzerTestOneInput")\npublic func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {\n    exercise(%sModule(), data, size)\n    return 0\n}\n' \
    "$module" "$module" > "$entry.new"
  cmp -s "$entry.new" "$entry" && rm "$entry.new" || mv "$entry.new" "$entry"
  if [ ! -x "$binary" ] || [ "$out/$module.o" -nt "$binary" ] || [ "$entry" -nt "$binary" ] || [ Fuzz/Exercise.swift -nt "$binary" ]; then
    swiftc "${flags[@]}" "${extra[@]}" -module-name "Fuzz$module" Fuzz/Exercise.swift "$entry" \
      "$out/ReaderJSON.o" "$out/ReaderPluginAPI.o" "${dep_objects[@]}" "$out/$module.o" $( [ "$module" = HTML ] && echo -lxml2 ) -o "$binary" \
      2>&1 | grep -v "warning: Cannot export local symbol" || true
    [ -x "$binary" ] || { echo "fuzz: cannot link $module"; exit 1; }
  fi
  seed "$module" "$size" "${files[@]}"
  log="$out/$module/last.log"
  set +e
  "$binary" -max_total_time="$seconds" -max_len="$size" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
    -print_final_stats=1 -artifact_prefix="$out/$module/" "$out/$module/corpus" "$out/$module/seeds" > "$log" 2>&1
  result=$?
  set -e
  runs=$(grep -oP 'stat::number_of_executed_units: \K[0-9]+' "$log" | tail -1)
  corpus=$(ls "$out/$module/corpus" | wc -l)
  if [ $result -ne 0 ]; then
    status=1
    summary+=("$module: CRASH after ${runs:-?} executions; input in $(ls -t "$out/$module"/crash-* "$out/$module"/timeout-* "$out/$module"/oom-* 2>/dev/null | head -1)")
    grep -E "ERROR:|Fatal error|SUMMARY" "$log" | head -5
  else
    summary+=("$module: ${runs:-?} executions in $seconds s, 0 crashes, $corpus inputs in its corpus")
  fi
done
printf 'fuzz: %s\n' "${summary[@]}"
exit $status
