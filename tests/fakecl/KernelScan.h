#pragma once
// What the fake driver's "compiler" reads from a source: the kernels it declares and whether it
// asks to fail (#error). No preprocessing, no parsing beyond that.
#include <CL/cl.h>

#include <string>
#include <string_view>
#include <vector>

namespace clw::fakecl {

struct KernelDeclaration {
    std::string name;
    cl_uint numArgs = 0;
};

// Every `kernel void NAME(` or `__kernel void NAME(` outside comments, in order of appearance,
// with the number of parameters in its list (none for `()` and `(void)`).
std::vector<KernelDeclaration> scanKernels(std::string_view source);

// The first line that holds "#error", as a compiler says it
// ("<source>:LINE:COLUMN: error: <the line from #error on>"); empty when no line does.
std::string errorDiagnostic(std::string_view source);

} // namespace clw::fakecl
