// clw_icongen: renders the one SVG icon (resources/icons/) at build time into the PNG sizes of
// the freedesktop hicolor theme, a Windows .ico and a macOS .iconset, so every icon of every
// package comes from one drawing. Qt's own SVG renderer: no extra tool on any system.
//
//   clw_icongen SVG NAME --hicolor DIR --sizes 16,32,...   DIR/<N>x<N>/apps/NAME.png
//   clw_icongen SVG NAME --ico FILE.ico                     16..256, PNG-compressed entries
//   clw_icongen SVG NAME --iconset DIR.iconset              what iconutil turns into .icns
#include <QBuffer>
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QList>
#include <QPainter>
#include <QStringList>
#include <QSvgRenderer>
#include <QTextStream>

#include <cstdio>

namespace {

QTextStream& err() {
    static QTextStream stream(stderr);
    return stream;
}

QImage render(QSvgRenderer& renderer, int size) {
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    renderer.render(&painter, QRectF(0, 0, size, size));
    painter.end();
    return image;
}

QByteArray png(const QImage& image) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

bool writeFile(const QString& path, const QByteArray& bytes) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size()) {
        err() << "clw_icongen: cannot write " << path << ": " << file.errorString() << '\n';
        return false;
    }
    return true;
}

bool writeHicolor(QSvgRenderer& renderer, const QString& name, const QString& dir,
                  const QList<int>& sizes) {
    for (int size : sizes) {
        const QString path = QStringLiteral("%1/%2x%2/apps/%3.png").arg(dir).arg(size).arg(name);
        if (!writeFile(path, png(render(renderer, size))))
            return false;
    }
    return true;
}

// Qt's ICO writer stores one image per file; Windows wants every size in one file, so the
// container (ICONDIR + one ICONDIRENTRY per image, PNG payloads, Vista and later) is written
// here.
bool writeIco(QSvgRenderer& renderer, const QString& path) {
    const QList<int> sizes = {16, 24, 32, 48, 64, 128, 256};
    QList<QByteArray> images;
    for (int size : sizes)
        images << png(render(renderer, size));
    QByteArray out;
    auto put16 = [&](quint16 v) { out.append(char(v & 0xff)).append(char(v >> 8)); };
    auto put32 = [&](quint32 v) {
        put16(quint16(v & 0xffff));
        put16(quint16(v >> 16));
    };
    put16(0); // reserved
    put16(1); // type: icon
    put16(quint16(sizes.size()));
    quint32 offset = 6 + 16 * quint32(sizes.size());
    for (int i = 0; i < sizes.size(); ++i) {
        const int size = sizes[i];
        out.append(char(size >= 256 ? 0 : size)); // 0 means 256
        out.append(char(size >= 256 ? 0 : size));
        out.append(char(0)); // no palette
        out.append(char(0)); // reserved
        put16(1);            // colour planes
        put16(32);           // bits per pixel
        put32(quint32(images[i].size()));
        put32(offset);
        offset += quint32(images[i].size());
    }
    for (const QByteArray& image : images)
        out.append(image);
    return writeFile(path, out);
}

// The names iconutil expects: icon_<N>x<N>.png and icon_<N>x<N>@2x.png.
bool writeIconset(QSvgRenderer& renderer, const QString& dir) {
    for (int size : {16, 32, 128, 256, 512}) {
        const QString base = QStringLiteral("%1/icon_%2x%2").arg(dir).arg(size);
        if (!writeFile(base + QStringLiteral(".png"), png(render(renderer, size))) ||
            !writeFile(base + QStringLiteral("@2x.png"), png(render(renderer, 2 * size))))
            return false;
    }
    return true;
}

int usage() {
    err() << "usage: clw_icongen SVG NAME (--hicolor DIR --sizes N,N,... | --ico FILE | "
             "--iconset DIR)...\n";
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    // A build step has no display: render offscreen unless told otherwise.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const QStringList args = QGuiApplication::arguments().mid(1);
    if (args.size() < 4)
        return usage();
    QSvgRenderer renderer(args[0]);
    if (!renderer.isValid()) {
        err() << "clw_icongen: " << args[0] << " is not a valid SVG file\n";
        return 1;
    }
    const QString name = args[1];
    QString hicolor;
    QList<int> sizes;
    for (int i = 2; i + 1 < args.size(); i += 2) {
        const QString& option = args[i];
        const QString& value = args[i + 1];
        bool ok = true;
        if (option == QLatin1String("--hicolor")) {
            hicolor = value;
        } else if (option == QLatin1String("--sizes")) {
            for (const QString& s : value.split(QLatin1Char(','))) {
                const int size = s.toInt(&ok);
                if (!ok || size <= 0)
                    return usage();
                sizes << size;
            }
        } else if (option == QLatin1String("--ico")) {
            ok = writeIco(renderer, value);
        } else if (option == QLatin1String("--iconset")) {
            ok = writeIconset(renderer, value);
        } else {
            return usage();
        }
        if (!ok)
            return 1;
    }
    if (!hicolor.isEmpty() && (sizes.isEmpty() || !writeHicolor(renderer, name, hicolor, sizes)))
        return sizes.isEmpty() ? usage() : 1;
    return 0;
}
