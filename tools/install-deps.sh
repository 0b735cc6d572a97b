#!/usr/bin/env bash
# Installs what fpatomics needs on a bare Debian 12 machine (Debian packages
# only). Skips apt entirely when everything is already there.
set -euo pipefail

PKGS=(cmake make gcc g++ python3 ca-certificates
      llvm-22-dev clang-22 llvm-22-tools libclang-rt-22-dev
      llvm-15-dev clang-15 llvm-15-tools llvm-spirv-15
      spirv-tools
      valgrind  # test/raise/exit-is-preheader.ll: reads of freed LLVM objects
      pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers clinfo
      python3-matplotlib)  # bench/report.py --png; brings python3-numpy (bench/benchdata.py)

missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PKGS[@]} packages present"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
