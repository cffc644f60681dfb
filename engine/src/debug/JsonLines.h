#pragma once
// Files of one JSON object a line (the Oclgrind plugin's findings and watches): `each` is given
// every line that is not blank, with its 1-based number, to read and to say where it failed.
#include <sstream>
#include <string>

namespace clw::engine {

template <class Each>
void forEachJsonLine(const std::string& text, Each&& each) {
    std::istringstream lines(text);
    std::string line;
    for (int number = 1; std::getline(lines, line); ++number)
        if (line.find_first_not_of(" \t\r") != std::string::npos)
            each(line, number);
}

} // namespace clw::engine
