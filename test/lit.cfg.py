# lit configuration for fpatomics. Substitutions name the tools of the LLVM
# the project was built against (%opt, %llc, %clang), so the same tests run
# against LLVM 22 and LLVM 15; features say what this machine has.
import os
import shutil
import subprocess

import lit.formats

config.name = "fpatomics (LLVM %d)" % config.llvm_version_major
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".ll", ".test", ".cu", ".cl", ".c"]
config.excludes = ["Inputs", "harness", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.fpa_obj_root, "test")

tools = config.llvm_tools_dir
def tool(name):
    return os.path.join(tools, name)

config.environment["PATH"] = os.pathsep.join(
    [config.fpa_tools_dir, tools, config.environment.get("PATH", "")])
# LeakSanitizer would report LLVM's own process-lifetime allocations.
config.environment["ASAN_OPTIONS"] = "detect_leaks=0:abort_on_error=0"
config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"

v = config.llvm_version_major
config.available_features.add("llvm%d" % v)
if v >= 20:
    config.available_features.add("fminimum")

config.substitutions.append(("%fpa-opt-asan", os.path.join(
    config.fpa_tools_dir, "fpa-opt-asan" if config.fpa_sanitized else "fpa-opt")))
if config.fpa_sanitized:
    config.available_features.add("asan")
config.substitutions.append(("%fpa-opt", os.path.join(config.fpa_tools_dir, "fpa-opt")))
# The libFuzzer targets, in a build with -DFPA_FUZZ=ON (tools/fuzz.sh build).
if getattr(config, "fpa_fuzz", False):
    config.available_features.add("fuzz")
    fuzz_dir = os.path.join(config.fpa_obj_root, "fuzz")
    config.substitutions.append(("%fpa-fuzz-lower", os.path.join(fuzz_dir, "fpa-fuzz-lower")))
    config.substitutions.append(("%fpa-fuzz-calls", os.path.join(fuzz_dir, "fpa-fuzz-calls")))
    config.substitutions.append(("%fpa-fuzz-seeds", os.path.join(fuzz_dir, "seeds")))
    config.substitutions.append(("%fpa-fuzz-src", os.path.join(config.fpa_src_root, "fuzz")))
config.substitutions.append(("%fpa-run", os.path.join(config.fpa_tools_dir, "fpa-run")))
config.substitutions.append(("%plugin", config.fpa_plugin))
config.substitutions.append(("%loadplugin", "-load-pass-plugin=" + config.fpa_plugin))
config.substitutions.append(("%opt", tool("opt")))
config.substitutions.append(("%llc", tool("llc")))
config.substitutions.append(("%llvm-as", tool("llvm-as")))
config.substitutions.append(("%llvm-dis", tool("llvm-dis")))
config.substitutions.append(("%clang15", "/usr/lib/llvm-15/bin/clang"))
config.substitutions.append(("%clang", tool("clang")))
config.substitutions.append(("%FileCheck", config.fpa_filecheck))
config.substitutions.append(("%not", tool("not")))
config.substitutions.append(("%fpa-obj-root", config.fpa_obj_root))
config.substitutions.append(("%llvm-cmake-dir", config.llvm_cmake_dir))
config.substitutions.append(("%examples", os.path.join(config.fpa_src_root, "examples")))
config.substitutions.append(("%fpa-include", os.path.join(config.fpa_src_root, "include")))

# Which backends this LLVM has.
try:
    targets = subprocess.run([tool("llc"), "--version"], capture_output=True,
                             text=True).stdout
except OSError:
    targets = ""
if "nvptx64" in targets:
    config.available_features.add("nvptx")
if "spirv64" in targets:
    config.available_features.add("spirv-backend")

for name, feature in [("spirv-val", "spirv-val"), ("llvm-spirv-15", "llvm-spirv"),
                      ("valgrind", "valgrind"),
                      ("ptxas", "ptxas"), ("nvcc", "nvcc")]:
    path = shutil.which(name) or (os.path.join("/usr/local/cuda/bin", name)
                                  if os.path.exists(os.path.join("/usr/local/cuda/bin", name)) else None)
    if path:
        config.available_features.add(feature)
        config.substitutions.append(("%" + name, path))

if os.path.exists("/usr/local/cuda/include/cuda_runtime.h"):
    config.available_features.add("cuda")
    config.substitutions.append(("%cuda-path", "/usr/local/cuda"))

# An OpenCL CPU device (PoCL) and an NVIDIA GPU, for the runtime tests.
if shutil.which("clinfo"):
    out = subprocess.run(["clinfo", "-l"], capture_output=True, text=True).stdout
    if "pthread" in out or "cpu" in out.lower() or "Portable" in out:
        config.available_features.add("pocl")
for lib in ["/usr/local/nvidia/lib64/libcuda.so.1", "/usr/lib/x86_64-linux-gnu/libcuda.so.1"]:
    if os.path.exists(lib) and os.path.exists("/dev/nvidia0"):
        config.available_features.add("cuda-gpu")
