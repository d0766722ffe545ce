# Runs one fuzzer for a bounded time: cmake -D FUZZER=... -D WORK_DIR=... -D SEED_DIRS=a|b
#   -D EXTENSIONS=json|... -D DICTIONARY=... -D SECONDS=60 -D SEED=1 -D MAX_LEN=16384
#   [-D GENERATOR=program|dir|...] -P run_fuzzer.cmake
# (lists separated by '|': a ';' would not survive the test command line).
# The seeds are copied into WORK_DIR/corpus first: libFuzzer adds what it finds to its corpus
# folder, and the shared corpora are read-only and must stay as they are. A seed folder that is
# absent only makes the corpus smaller.
foreach(var FUZZER WORK_DIR SECONDS SEED MAX_LEN)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_fuzzer.cmake needs -D ${var}=...")
  endif()
endforeach()

string(REPLACE "|" ";" SEED_DIRS "${SEED_DIRS}")
string(REPLACE "|" ";" EXTENSIONS "${EXTENSIONS}")
set(corpus ${WORK_DIR}/corpus)
set(artifacts ${WORK_DIR}/artifacts)
file(REMOVE_RECURSE ${corpus})
file(MAKE_DIRECTORY ${corpus} ${artifacts})

set(seed_count 0)
foreach(dir IN LISTS SEED_DIRS)
  if(NOT IS_DIRECTORY "${dir}")
    message(STATUS "skipped seeds from ${dir}: absent (the run starts from the other folders' seeds)")
    continue()
  endif()
  foreach(extension IN LISTS EXTENSIONS)
    file(GLOB_RECURSE seeds "${dir}/*.${extension}")
    foreach(seed IN LISTS seeds)
      # Flat names: the relative path with its separators replaced, so equal names never collide.
      file(RELATIVE_PATH relative "${dir}" "${seed}")
      string(REGEX REPLACE "[/\\\\]" "__" flat "${relative}")
      math(EXPR seed_count "${seed_count} + 1")
      file(COPY_FILE "${seed}" "${corpus}/${seed_count}_${flat}")
    endforeach()
  endforeach()
endforeach()
# GENERATOR=program|dir|...: a program that writes seeds of its own into the corpus from the
# folders named (fuzz-msgpack-seeds: MessagePack from JSON documents).
if(GENERATOR)
  string(REPLACE "|" ";" generator "${GENERATOR}")
  list(POP_FRONT generator program)
  foreach(dir IN LISTS generator)
    if(NOT IS_DIRECTORY "${dir}")
      message(STATUS "skipped generated seeds from ${dir}: absent")
    endif()
  endforeach()
  execute_process(COMMAND ${program} ${corpus} ${MAX_LEN} ${generator}
    OUTPUT_VARIABLE generated OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
  string(REGEX MATCH "^[0-9]+" generated "${generated}")
  math(EXPR seed_count "${seed_count} + ${generated}")
  get_filename_component(program_name ${program} NAME)
  message(STATUS "${generated} seeds made by ${program_name}")
endif()
message(STATUS "${seed_count} seed files in ${corpus}")

set(options -seed=${SEED} -max_total_time=${SECONDS} -max_len=${MAX_LEN} -timeout=10 -rss_limit_mb=2048
  -print_final_stats=1 -artifact_prefix=${artifacts}/)
if(DEFINED DICTIONARY AND EXISTS "${DICTIONARY}")
  list(APPEND options -dict=${DICTIONARY})
endif()
set(log ${WORK_DIR}/fuzz.log)
execute_process(COMMAND ${FUZZER} ${options} ${corpus} RESULT_VARIABLE status OUTPUT_FILE ${log} ERROR_FILE ${log})
# One line from libFuzzer's final stats (-print_final_stats) that says how far the run got: the
# figure CI reports for each target. The whole stats stay in the log.
set(stat_names number_of_executed_units average_exec_per_sec new_units_added peak_rss_mb)
foreach(stat IN LISTS stat_names)
  set(${stat} "?")
endforeach()
file(STRINGS ${log} stats REGEX "^stat::")
foreach(line IN LISTS stats)
  if(line MATCHES "^stat::([a-z_]+): *([0-9]+)")
    set(${CMAKE_MATCH_1} ${CMAKE_MATCH_2})
  endif()
endforeach()
get_filename_component(target ${FUZZER} NAME)
message(STATUS "${target}: ${number_of_executed_units} executions (${average_exec_per_sec}/s) "
  "in ${SECONDS} s with seed ${SEED} from ${seed_count} seeds; ${new_units_added} new inputs, "
  "peak RSS ${peak_rss_mb} MB")
if(NOT status EQUAL 0)
  file(READ ${log} text)
  string(LENGTH "${text}" length)
  if(length GREATER 12000)
    math(EXPR from "${length} - 12000")
    string(SUBSTRING "${text}" ${from} -1 text)
  endif()
  message(FATAL_ERROR "${text}\n${FUZZER} failed (${status}); the input is in ${artifacts}, the log in ${log}")
endif()
