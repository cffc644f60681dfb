#pragma once
// OpenCL C sources of the microbenchmarks, generated so that each vector width gets the same
// work per work-item as clpeak gives it (DeviceBenchmark.h).
#include <string>

namespace clw::engine::detail {

// Vector widths every benchmark runs: 1, 2, 4, 8, 16.
inline constexpr int kBenchmarkWidths[] = {1, 2, 4, 8, 16};
// Elements each work-item of a bandwidth kernel reads.
inline constexpr int kFetchesPerWorkItem = 16;

// Kernels bandwidth_local_<w> (successive reads one work-group apart) and bandwidth_global_<w>
// (one global size apart), reading float<w> and writing one float per work-item.
std::string bandwidthSource();
// Kernels compute_<w> over `scalar` ("float", "double" or "int"): chains of dependent
// multiply-adds. Float and double use mad(); int uses a*b+c.
std::string computeSource(const std::string& scalar);
// Operations (a multiply and an add count two) each work-item of compute_<w> performs.
int computeWorkPerWorkItem(const std::string& scalar);

} // namespace clw::engine::detail
