#pragma once
// The Python that tests run numpy and PyOpenCL scripts with: CLW_TEST_PYTHON where set (a
// machine whose own Python lacks them carries one), else Debian's /usr/bin/python3, which
// scripts/setup gives numpy and PyOpenCL (a pyenv or venv python3 earlier in PATH may not have
// them).
#include <QString>

#include <cstdlib>

namespace clw::test {

inline QString testPython() {
    if (const char* chosen = std::getenv("CLW_TEST_PYTHON"); chosen && *chosen)
        return QString::fromLocal8Bit(chosen);
    return QStringLiteral("/usr/bin/python3");
}

} // namespace clw::test
