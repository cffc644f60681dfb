# The setup of CTest's fixture clw_fresh_state (tests/CMakeLists.txt): empties STATE, the folder
# of the tests' homes, caches, settings and PoCL kernel caches, and makes one empty folder per test.
# cmake -DSTATE=<folder> -DTESTS=<test,names> -P FreshState.cmake
string(REPLACE "," ";" TESTS "${TESTS}")
file(REMOVE_RECURSE "${STATE}")
foreach(test ${TESTS})
    foreach(folder cache config data state pocl)
        file(MAKE_DIRECTORY "${STATE}/${test}/${folder}")
    endforeach()
endforeach()
list(LENGTH TESTS count)
message(STATUS "fresh state for ${count} tests in ${STATE}")
