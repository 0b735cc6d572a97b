# fpa-verify: the differential and concurrency check of the lowering
# (test/verify/README.md). It JIT-compiles lowered code with ORC, so it
# needs the native target and the ORC JIT from LLVM.
if(LLVM_LINK_LLVM_DYLIB)
  set(FPA_VERIFY_LLVM_LIBS ${FPA_LLVM_LIBS})
else()
  llvm_map_components_to_libnames(FPA_VERIFY_LLVM_LIBS ${FPA_LLVM_LIBS}
    orcjit native nativecodegen irreader)
endif()
find_package(Threads REQUIRED)
add_executable(fpa-verify ${CMAKE_CURRENT_SOURCE_DIR}/fpa-verify.c)
target_link_libraries(fpa-verify PRIVATE fpatomics_static
  ${FPA_VERIFY_LLVM_LIBS} Threads::Threads m)
set_target_properties(fpa-verify PROPERTIES
  RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tools)

# fpa-warp-sim: runs aggregate=warp lowerings on simulated warps (the NVVM
# warp intrinsics become host functions; test/verify/README.md).
add_executable(fpa-warp-sim ${CMAKE_CURRENT_SOURCE_DIR}/fpa-warp-sim.c)
target_link_libraries(fpa-warp-sim PRIVATE fpatomics_static
  ${FPA_VERIFY_LLVM_LIBS} m)
set_target_properties(fpa-warp-sim PROPERTIES
  RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tools)
