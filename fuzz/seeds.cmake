# Writes the fuzz targets' seed corpora from the lit inputs:
#   cmake -DSRC=<repo>/test -DOUT=<dir> -DLLVM_AS=<llvm-as> -P seeds.cmake
# OUT/lower: every test/**/*.ll as it is (some are malformed on purpose),
#            and as bitcode where llvm-as reads it.
# OUT/calls: for fpa-fuzz-calls, one seed per function name in those files
#            that looks like a spelling calls.c knows (near misses included):
#            the name and a newline, which the target reads as the name with
#            its usual signature (fuzz_calls.c).
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT}/lower ${OUT}/calls)
file(GLOB_RECURSE inputs ${SRC}/*.ll)
set(names "")
foreach(f ${inputs})
  file(RELATIVE_PATH rel ${SRC} ${f})
  string(REPLACE "/" "_" flat ${rel})
  configure_file(${f} ${OUT}/lower/${flat} COPYONLY)
  execute_process(COMMAND ${LLVM_AS} ${f} -o ${OUT}/lower/${flat}.bc
                  RESULT_VARIABLE rv OUTPUT_QUIET ERROR_QUIET)
  if(NOT rv EQUAL 0)
    file(REMOVE ${OUT}/lower/${flat}.bc)
  endif()
  file(STRINGS ${f} lines REGEX "@(_Z[0-9]+|__)")
  foreach(line IN LISTS lines)
    string(REGEX MATCHALL
      "@(_Z[0-9]+atomic_fetch_[A-Za-z0-9_]+|_Z[0-9]+__spirv_AtomicF[A-Za-z0-9_]+|__spirv_AtomicF[A-Za-z0-9_]+|__fpa_atomic_fetch_[A-Za-z0-9_]+)"
      found "${line}")
    list(APPEND names ${found})
  endforeach()
endforeach()
list(REMOVE_DUPLICATES names)
foreach(n ${names})
  string(SUBSTRING "${n}" 1 -1 name)
  file(WRITE ${OUT}/calls/${name} "${name}\n")
endforeach()
list(LENGTH inputs ninputs)
list(LENGTH names nnames)
file(WRITE ${OUT}/stamp "${ninputs} IR files, ${nnames} names\n")
