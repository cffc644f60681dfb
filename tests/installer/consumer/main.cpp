// list_platforms: every OpenCL platform and its devices, through the installed engine.
// Prints "platform: NAME" and "device: NAME" lines; exit 1 on an OpenCL error.
#include "clw/engine/Engine.h"

#include <exception>
#include <iostream>

int main() {
    try {
        const auto platforms = clw::engine::Platform::all();
        std::cout << "platforms: " << platforms.size() << '\n';
        for (const auto& platform : platforms) {
            std::cout << "platform: " << platform.name() << '\n';
            for (const auto& device : platform.devices())
                std::cout << "device: " << device.name() << '\n';
        }
        return 0;
    } catch (const clw::engine::ClError& error) {
        std::cerr << "list_platforms: " << error.what() << '\n';
        return 1;
    }
}
