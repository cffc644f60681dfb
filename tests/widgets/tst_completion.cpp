// Completion and call tips: the builtin list covers OpenCL C 3.0's groups, completion offers the
// right builtins for a prefix (through QsciAPIs and in the editor as one types), call tips list
// every overload, and the open files' identifiers are offered too.
#include "editor/EditorTabs.h"
#include "editor/KernelEditor.h"
#include "editor/OpenClBuiltins.h"

#include <QSignalSpy>
#include <QtTest>

#include <Qsci/qsciapis.h>

using namespace clw::ui;

namespace {

QStringList complete(KernelEditor& editor, const QString& prefix) {
    QStringList list;
    editor.apis()->updateAutoCompletionList({prefix}, list);
    // QsciAPIs marks entries with a call tip by a trailing space; the editor drops it.
    for (QString& entry : list)
        entry = entry.trimmed();
    list.removeDuplicates();
    list.sort();
    return list;
}

bool waitReady(KernelEditor& editor) {
    if (editor.isCompletionReady())
        return true;
    QSignalSpy ready(&editor, &KernelEditor::completionReady);
    return ready.wait(10000);
}

} // namespace

class TestCompletion : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void listCoversOpenClC30();
    void offersBuiltinsForAPrefix();
    void callTipsShowEveryOverload();
    void completesAsOneTypes();
    void offersIdentifiersOfTheOpenFiles();
};

void TestCompletion::listCoversOpenClC30() {
    const OpenClBuiltins& builtins = OpenClBuiltins::instance();
    QVERIFY2(builtins.loadError().isEmpty(), qPrintable(builtins.loadError()));
    QSet<QString> sections;
    for (const OpenClBuiltins::Entry& entry : builtins.entries())
        sections.insert(entry.section);
    for (const char* section :
         {"work-item", "math", "integer", "common", "geometric", "relational", "vector-load-store",
          "synchronization", "address-space", "async-copy", "atomics", "miscellaneous-vector",
          "printf", "image", "work-group", "pipe", "enqueue", "conversion", "constants"})
        QVERIFY2(sections.contains(QString::fromLatin1(section)), section);
    for (const char* name : {"get_global_id",
                             "get_local_linear_id",
                             "sin",
                             "native_exp",
                             "half_sqrt",
                             "fma",
                             "clamp",
                             "mix",
                             "smoothstep",
                             "cross",
                             "normalize",
                             "isnan",
                             "select",
                             "vload4",
                             "vstore16",
                             "vload_half8",
                             "vstorea_half4_rte",
                             "barrier",
                             "work_group_barrier",
                             "mem_fence",
                             "to_global",
                             "async_work_group_copy",
                             "async_work_group_strided_copy",
                             "wait_group_events",
                             "prefetch",
                             "atomic_add",
                             "atomic_cmpxchg",
                             "atom_add",
                             "atomic_fetch_add_explicit",
                             "atomic_compare_exchange_strong",
                             "atomic_flag_clear",
                             "atomic_work_item_fence",
                             "shuffle2",
                             "printf",
                             "read_imagef",
                             "read_imageui",
                             "write_imageh",
                             "get_image_dim",
                             "work_group_reduce_add",
                             "sub_group_broadcast",
                             "read_pipe",
                             "enqueue_kernel",
                             "convert_float4_sat_rte",
                             "as_uint"})
        QVERIFY2(builtins.isFunction(QString::fromLatin1(name)), name);
    for (const char* constant : {"CLK_LOCAL_MEM_FENCE", "memory_order_relaxed", "M_PI_F"})
        QVERIFY2(builtins.isConstant(QString::fromLatin1(constant)), constant);
    QVERIFY(builtins.functionCount() > 900);
}

void TestCompletion::offersBuiltinsForAPrefix() {
    KernelEditor editor;
    QVERIFY(waitReady(editor));
    const QStringList global = complete(editor, QStringLiteral("get_gl"));
    QCOMPARE(global,
             (QStringList{QStringLiteral("get_global_id"), QStringLiteral("get_global_linear_id"),
                          QStringLiteral("get_global_offset"), QStringLiteral("get_global_size")}));

    const QStringList atomics = complete(editor, QStringLiteral("atomic_"));
    for (const char* name :
         {"atomic_add", "atomic_sub", "atomic_xchg", "atomic_inc", "atomic_cmpxchg", "atomic_min",
          "atomic_max", "atomic_and", "atomic_or", "atomic_xor", "atomic_init", "atomic_load",
          "atomic_store_explicit", "atomic_fetch_add", "atomic_fetch_max",
          "atomic_compare_exchange_weak", "atomic_flag_test_and_set"})
        QVERIFY2(atomics.contains(QString::fromLatin1(name)), name);
    QVERIFY(!atomics.contains(QStringLiteral("atom_add"))); // a prefix, not a substring

    const QStringList images = complete(editor, QStringLiteral("read_image"));
    QCOMPARE(images, (QStringList{QStringLiteral("read_imagef"), QStringLiteral("read_imageh"),
                                  QStringLiteral("read_imagei"), QStringLiteral("read_imageui")}));
    QVERIFY(complete(editor, QStringLiteral("async_"))
                .contains(QStringLiteral("async_work_group_strided_copy")));
    QVERIFY(complete(editor, QStringLiteral("CLK_LOC"))
                .contains(QStringLiteral("CLK_LOCAL_MEM_FENCE")));
}

void TestCompletion::callTipsShowEveryOverload() {
    KernelEditor editor;
    QVERIFY(waitReady(editor));
    QList<int> shifts;
    // As the editor asks: the function's name, then the (empty) word being typed after "(".
    const QStringList vload = editor.apis()->callTips({QStringLiteral("vload4"), QString()}, 0,
                                                      QsciScintilla::CallTipsNoContext, shifts);
    QCOMPARE(vload.size(), 2);
    QVERIFY(vload.contains(QStringLiteral("vload4(size_t offset, const gentype *p) -> gentype4")));
    QVERIFY(vload.contains(
        QStringLiteral("vload4(size_t offset, const __constant gentype *p) -> gentype4")));
    const QStringList fmax = editor.apis()->callTips({QStringLiteral("fmax"), QString()}, 0,
                                                     QsciScintilla::CallTipsNoContext, shifts);
    QCOMPARE(fmax.size(), 3);
    const QStringList readImage = editor.apis()->callTips(
        {QStringLiteral("read_imagef"), QString()}, 0, QsciScintilla::CallTipsNoContext, shifts);
    QCOMPARE(readImage.size(),
             int(OpenClBuiltins::instance().overloads(QStringLiteral("read_imagef")).size()));
    QVERIFY(readImage.size() > 15);
    // In the editor: typing "(" after a builtin opens the tip with its overloads.
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    editor.setFocus();
    QTest::keyClicks(editor.viewport(), QStringLiteral("float4 v = vload4("));
    QTRY_VERIFY(editor.SendScintilla(QsciScintilla::SCI_CALLTIPACTIVE));
}

void TestCompletion::completesAsOneTypes() {
    KernelEditor editor;
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QVERIFY(waitReady(editor));
    editor.setFocus();
    QTest::keyClicks(editor.viewport(), QStringLiteral("get_gl"));
    QTRY_VERIFY(editor.SendScintilla(QsciScintilla::SCI_AUTOCACTIVE));
    QByteArray current(256, '\0');
    const long length = editor.SendScintilla(QsciScintilla::SCI_AUTOCGETCURRENTTEXT, 0ul,
                                             static_cast<void*>(current.data()));
    current.truncate(length);
    QVERIFY2(current.startsWith("get_global_"), current.constData());
    // Enter takes the selected entry.
    QTest::keyClick(editor.viewport(), Qt::Key_Return);
    QVERIFY2(editor.text().startsWith(QString::fromLatin1(current)), qPrintable(editor.text()));
}

void TestCompletion::offersIdentifiersOfTheOpenFiles() {
    EditorTabs tabs;
    tabs.newFile(QStringLiteral("float helper_scale(float x) { return x * 2.0f; }\n"),
                 QStringLiteral("helpers.h"));
    KernelEditor* kernel = tabs.newFile(
        QStringLiteral("#include \"helpers.h\"\n__kernel void k(__global float* data) {}\n"));
    QCOMPARE(tabs.identifiers().contains(QStringLiteral("helper_scale")), true);
    QVERIFY(!tabs.identifiers().contains(QStringLiteral("float"))); // an OpenCL word
    kernel->setExtraWords(tabs.identifiers());
    QVERIFY(!kernel->isCompletionReady()); // prepared again, on QsciAPIs' thread
    QTRY_VERIFY_WITH_TIMEOUT(kernel->isCompletionReady(), 10000);
    QCOMPARE(complete(*kernel, QStringLiteral("helper_")),
             QStringList{QStringLiteral("helper_scale")});
    QCOMPARE(complete(*kernel, QStringLiteral("get_global_i")),
             QStringList{QStringLiteral("get_global_id")});
}

QTEST_MAIN(TestCompletion)
#include "tst_completion.moc"
