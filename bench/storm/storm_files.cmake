# roce_storm_files: a storm scenario's folder written in roce-doctor's formats and the scoring of an
# analysis against its truth. Built for the benchmark and for the tests that read the files back
# (whichever comes first defines it).
if(NOT TARGET roce_storm_files)
  add_library(roce_storm_files STATIC ${CMAKE_CURRENT_LIST_DIR}/storm_files.cpp ${CMAKE_CURRENT_LIST_DIR}/storm_score.cpp)
  target_include_directories(roce_storm_files PUBLIC ${CMAKE_CURRENT_LIST_DIR})
  target_link_libraries(roce_storm_files PUBLIC roce_lossless_sim roce_record
                        PRIVATE roce_captures roce_switch roce_files nlohmann_json::nlohmann_json roce_warnings)
  add_executable(sim-storm ${CMAKE_CURRENT_LIST_DIR}/sim_storm.cpp)
  target_link_libraries(sim-storm PRIVATE roce_storm_files roce_warnings)
endif()
