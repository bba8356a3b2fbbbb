#!/usr/bin/env bash
# Compiles every Swift code block of README.md and of the DocC articles (one build of the SnippetTests target),
# replays every JSON scenario and lints every JSON policy among them. Markers and options: Scripts/check_snippets.py.
#   Scripts/check-snippets.sh [--scratch-path PATH] [--keep]
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 Scripts/check_snippets.py "$@"
