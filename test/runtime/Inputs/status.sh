#!/bin/sh
# Runs a command and then prints "exit=N" with its exit status, so that a
# test can FileCheck both the output and the exact status. Always exits 0.
"$@"
echo "exit=$?"
