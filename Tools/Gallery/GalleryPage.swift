import Core

/// What every gallery page carries inline (no external CSS, fonts or scripts, so a page opens from the file system
/// and needs no network): the phone's stylesheet, generated from `PhoneLayout` and Core's `StatePalette`, and the
/// script that measures every text against its box, outlines what overflows and shows a text's table and key on hover.
enum GalleryPage {
    /// A proportional font stack: the platform's UI font where there is one, else the fonts Debian ships
    /// (Liberation Sans has Arial's metrics; DejaVu Sans covers Arabic; IPAGothic covers Japanese).
    static let fontStack = #"system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", Arial, "DejaVu Sans", "IPAGothic", "Noto Sans CJK JP", sans-serif"#

    static func document(title: String, layout: PhoneLayout, theme: Theme, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
        <title>\(ScreenHTML.escape(title))</title>
        <style>\(stylesheet(layout: layout, theme: theme))</style>
        </head><body class="\(theme.rawValue)">
        \(body)
        <div id="status" aria-live="polite">Hover a text to see its table and key.</div>
        <script>\(script)</script>
        </body></html>

        """
    }

    static func stylesheet(layout: PhoneLayout, theme: Theme) -> String {
        let palette = theme == .dark ? StatePalette.dark : StatePalette.light
        let dark = theme == .dark
        func swatch(_ name: String, _ swatch: StatePalette.Swatch) -> String {
            "--\(name)-text:\(swatch.text);--\(name)-bg:\(swatch.background);--\(name)-icon:\(swatch.icon);"
        }
        var variables = "--w:\(layout.width)px;--pad:\(layout.padding)px;--button-pad:\(layout.buttonPadding)px;"
            + "--badge-max:\(Int(Double(layout.contentWidth) * layout.badgeShare))px;--surface:\(palette.surface);"
            + "--ink:\(dark ? "#E8EAED" : "#1F1F1F");--ink2:\(dark ? "#BDC1C6" : "#5F6368");--page:\(dark ? "#000000" : "#EEF0F3");"
            + "--line:\(dark ? "#3C4043" : "#DADCE0");--accent:\(dark ? "#8AB4F8" : "#0B57D0");"
        variables += swatch("offline", palette.offlineBanner) + swatch("success", palette.successBanner)
            + swatch("disabled", palette.disabledControl)
        for severity in Severity.allCases { variables += swatch("toast-\(severity.rawValue)", palette.toast(severity)) }
        for tone in BadgeTone.allCases { variables += swatch("badge-\(tone.rawValue)", palette.badge(tone)) }
        return ":root{\(variables)}" + css
    }

    private static let css = """
    *{box-sizing:border-box}
    body{margin:0;padding:16px 16px 48px;background:var(--page);color:var(--ink);font:14px/1.4 \(fontStack)}
    a{color:var(--accent)}
    header h1{font-size:20px;margin:0 0 4px}header p{margin:0 0 12px;color:var(--ink2)}
    nav a{margin-inline-end:10px}
    table.matrix{border-collapse:separate;border-spacing:12px}
    table.matrix th{text-align:start;vertical-align:top;font-weight:600}
    table.matrix th.preview{width:180px;font-size:12px}table.matrix th.preview small{display:block;font-weight:400;color:var(--ink2)}
    .cell{vertical-align:top}
    .strip{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
    .strip figure{margin:0}.strip figcaption{font-size:12px;color:var(--ink2);margin-bottom:4px}
    .screen{width:var(--w);font:15px/20px \(fontStack);color:var(--ink)}
    .phone{width:var(--w);padding:var(--pad);background:var(--surface);border:1px solid var(--line);border-radius:20px;overflow:hidden}
    .t{display:block;margin:0 0 8px;overflow-wrap:normal;word-break:normal}
    .t[data-lines="1"]{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
    .t[style*="line-clamp"]:not([data-lines="1"]){display:-webkit-box;-webkit-box-orient:vertical;overflow:hidden}
    h1.t{font-size:20px;line-height:26px;font-weight:700}h2.t{font-size:17px;line-height:22px;font-weight:700}
    .heading{font-weight:700}.secondary,.caption,.label{color:var(--ink2)}.caption{font-size:13px;line-height:18px}
    .field{margin-bottom:8px}.field .t{margin:0}.field .label{font-size:13px;line-height:18px}
    .badge-line{margin-bottom:8px}
    .badge{display:inline-block;max-width:var(--badge-max);padding:2px 10px;border-radius:999px;font-size:13px;line-height:18px;font-weight:600}
    .badge .t{margin:0}
    .tabs{display:flex;justify-content:space-around;border-top:1px solid var(--badge-neutral-bg);padding-top:6px;margin-top:8px;font-size:12px}
    .tab{display:flex;align-items:center;gap:4px}.tab .t{margin:0}.tab.current{font-weight:700}
    .tab .dot{width:8px;height:8px;border-radius:50%;background:var(--badge-negative-bg)}
    .tone-positive{background:var(--badge-positive-bg);color:var(--badge-positive-text)}
    .tone-caution{background:var(--badge-caution-bg);color:var(--badge-caution-text)}
    .tone-negative{background:var(--badge-negative-bg);color:var(--badge-negative-text)}
    .tone-neutral{background:var(--badge-neutral-bg);color:var(--badge-neutral-text)}
    .banner{margin:0 calc(-1 * var(--pad)) 12px;padding:10px var(--pad);background:var(--offline-bg);color:var(--offline-text)}
    .banner.sev-success{background:var(--success-bg);color:var(--success-text)}
    .banner-head{display:flex;gap:8px;align-items:flex-start}.banner-head .icon{color:var(--offline-icon)}
    .banner-head .t{flex:1;min-width:0;font-weight:700}.banner .t{margin-bottom:4px}.banner .close{cursor:pointer}
    .toast{margin:12px 0;padding:10px 14px;border-radius:12px;background:var(--toast-info-bg);color:var(--toast-info-text)}
    .toast.sev-warning{background:var(--toast-warning-bg);color:var(--toast-warning-text)}
    .toast.sev-error{background:var(--toast-error-bg);color:var(--toast-error-text)}
    .toast.sev-success{background:var(--toast-success-bg);color:var(--toast-success-text)}
    .toast .t{margin:0}.toast-title{font-weight:700}
    .empty{text-align:center;padding:24px 0}
    .actions{display:flex;flex-direction:column;gap:8px;margin:8px 0 12px}
    .button{display:block;padding:10px var(--button-pad);border-radius:10px;background:var(--accent);color:var(--surface);text-align:center;font-weight:600;cursor:pointer}
    .button .t{margin:0}
    .button.disabled{background:var(--disabled-bg);color:var(--disabled-text);cursor:not-allowed}
    .row{padding:8px 0;padding-inline-start:12px;border-bottom:1px solid var(--line)}
    .row.pending{opacity:.5}.row.pending-delete{opacity:.5;text-decoration:line-through}
    .row.failed{border-inline-start:3px solid var(--toast-error-bg)}.row.failed .data{opacity:.5}.failure{color:var(--toast-error-bg)}
    .image{display:flex;align-items:center;justify-content:center;margin-bottom:8px;border-radius:8px;background:var(--line);color:var(--ink2);font-size:11px}
    .image.missing{background:repeating-linear-gradient(45deg,var(--line) 0 6px,transparent 6px 12px)}
    hr{border:0;border-top:1px solid var(--line);margin:12px 0}
    .progress{display:flex;gap:8px;align-items:center}.progress .t{margin:0;flex:1;min-width:0}
    .spinner{width:16px;height:16px;border:2px solid var(--line);border-top-color:var(--accent);border-radius:50%}
    .a11y{margin:6px 0 0;padding-inline-start:18px;font-size:12px;color:var(--ink2);width:var(--w)}
    .overflow{outline:2px solid #D93025;outline-offset:1px}
    #status{position:fixed;bottom:0;left:0;right:0;padding:6px 12px;background:#202124;color:#fff;font:12px/1.4 monospace}
    """

    /// `galleryOverflow()` measures every text that names a key against its box: horizontally (its scroll width
    /// against its width) and by lines (its full height against the lines it may take; a part of a line counts, so
    /// tall glyphs that push the text past its box read "needs 5 lines, 4 fit"), marks those that overflow
    /// and returns them; `galleryCells()` lists each matrix cell with the length of its text. Both run in the page,
    /// so a person sees the same red outlines the check reports.
    static let script = """
    (function(){
    var canvas=document.createElement('canvas').getContext('2d');
    function naturalWidth(el){var cs=getComputedStyle(el);canvas.font=cs.fontStyle+' '+cs.fontWeight+' '+cs.fontSize+' '+cs.fontFamily;return canvas.measureText(el.textContent).width;}
    window.galleryOverflow=function(){
      var found=[];
      document.querySelectorAll('.screen [data-key]').forEach(function(el){
        var screen=el.closest('.screen');var max=parseInt(el.dataset.lines||'0',10);
        var lineHeight=parseFloat(getComputedStyle(el).lineHeight)||20;
        var wide=el.scrollWidth>el.clientWidth+1;
        var lines=Math.ceil(el.scrollHeight/lineHeight-0.05);
        var tall=max>1&&el.scrollHeight>el.clientHeight+1;
        if(!(wide||tall)){return;}
        el.classList.add('overflow');
        found.push({preview:screen.dataset.preview,locale:screen.dataset.locale,table:el.dataset.table,key:el.dataset.key,
          role:el.dataset.role,maxLines:max,lines:lines,width:Math.ceil(max>1?naturalWidth(el):el.scrollWidth),
          allowed:Math.floor(el.clientWidth*Math.max(max,1)),boxWidth:Math.floor(el.clientWidth),text:el.textContent});
      });
      return found;
    };
    window.galleryCells=function(){
      return Array.prototype.map.call(document.querySelectorAll('td.cell'),function(td){
        return {preview:td.dataset.preview,locale:td.dataset.locale,text:td.innerText.trim().length,height:td.getBoundingClientRect().height};
      });
    };
    document.addEventListener('mouseover',function(event){
      var el=event.target.closest&&event.target.closest('[data-key]');if(!el){return;}
      var screen=el.closest('.screen');
      document.getElementById('status').textContent=el.dataset.table+' · '+el.dataset.key+'  —  '+el.dataset.role+
        (el.dataset.lines==='1'?', one line':el.dataset.lines!=='0'?', at most '+el.dataset.lines+' lines':'')+
        '  —  '+screen.dataset.preview+' in '+screen.dataset.locale;
    });
    window.addEventListener('load',function(){window.galleryOverflow();});
    })();
    """
}
